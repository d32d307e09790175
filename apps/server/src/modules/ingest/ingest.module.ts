import type { DeviceClockWindow } from '@gridlens/domain/device-clock';
import type { Database } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { createDeadLettersRepository } from './dead-letters.repository';
import { createIngestKeysRepository } from './ingest-keys.repository';
import { registerIngestKeyRoutes } from './ingest-keys.routes';
import { createIngestKeysService } from './ingest-keys.service';
import { registerIngestRoutes } from './ingest.routes';
import { createIngestService, type IngestStores, type IngestSubscribers } from './ingest.service';

/**
 * Device data's way in (ingest_keys, ingest_dead_letters): devices' HTTP batches under their ingest key, the
 * MQTT subscriber, and the keys' API. It validates and stores each batch through the stores of the modules that
 * own its tables, and hands what it stored to its subscribers, all in one transaction (device-pipeline.ts).
 */
export function createIngestModule({
  db,
  stores,
  subscribers,
  deviceClock,
}: {
  db: Database;
  stores: IngestStores;
  subscribers: IngestSubscribers;
  deviceClock: DeviceClockWindow;
}) {
  const keys = createIngestKeysService(createIngestKeysRepository(db));
  const ingest = createIngestService({ db, ...stores, deadLetters: createDeadLettersRepository(), subscribers, deviceClock });
  return {
    name: 'ingest',
    open: routesPlugin((app) => registerIngestRoutes(app, keys, ingest)),
    api: routesPlugin((api) => registerIngestKeyRoutes(api, keys)),
    ingest,
    keys,
  };
}
export type IngestService = ReturnType<typeof createIngestService>;

/** Retention's part here (see the retention module): dead letters by age. */
export const deadLetterRetention = () => createDeadLettersRepository();
