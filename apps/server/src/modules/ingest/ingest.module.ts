import type { FastifyBaseLogger } from 'fastify';
import type { DeviceClockWindow } from '@gridlens/domain/device-clock';
import type { Database, Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { createDeadLettersRepository } from './dead-letters.repository';
import { createIngestKeysRepository } from './ingest-keys.repository';
import { registerIngestKeyRoutes } from './ingest-keys.routes';
import { createIngestKeysService } from './ingest-keys.service';
import { registerIngestRoutes } from './ingest.routes';
import { createIngestService, type IngestStores, type IngestSubscribers } from './ingest.service';
import { createRefusalLog } from './refusal-log';
import { registerRefusalRoutes } from './refusals.routes';

/**
 * Device data's way in (ingest_keys, ingest_dead_letters): devices' HTTP batches under their ingest key, the
 * MQTT subscriber, and the keys' API. It validates and stores each batch through the stores of the modules that
 * own its tables, and hands what it stored to its subscribers, all in one transaction (module-graph.ts connects them).
 */
export function createIngestModule({
  db,
  stores,
  subscribers,
  log,
  deviceClock,
}: {
  db: Database;
  stores: IngestStores;
  subscribers: IngestSubscribers;
  /** Where refused messages are reported in aggregate (none: scripts). */
  log?: FastifyBaseLogger | undefined;
  deviceClock: DeviceClockWindow;
}) {
  const keys = createIngestKeysService(createIngestKeysRepository(db));
  const deadLetters = createDeadLettersRepository();
  const refusals = log ? createRefusalLog(log) : undefined;
  const ingest = createIngestService({ db, ...stores, deadLetters, subscribers, refusals, deviceClock });
  return {
    name: 'ingest',
    cachedTables: { ingest_keys: keys.forgetCached },
    open: routesPlugin((app) => registerIngestRoutes(app, keys, ingest, subscribers.pendingDownlinks)),
    api: routesPlugin((api) => {
      registerIngestKeyRoutes(api, keys);
      registerRefusalRoutes(api, db, deadLetters);
    }),
    /** The ingestion path, shared by HTTP, MQTT, the demo and the simulator. */
    service: ingest,
    keys,
    /** Dead letters by age. */
    prune: (tx: Queryable, retentionDays: number) => deadLetters.prune(tx, retentionDays),
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
