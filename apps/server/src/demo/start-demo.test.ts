import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { countRows } from '../../test/support/power-fixtures';
import { createTestApp } from '../../test/support/test-app';
import type { ModuleGraph } from '../module-graph';
import { TEST_DATABASES } from '../../test/support/test-databases';
import { DEMO_TRACKERS } from './demo-tracking-fleet';
import { DEMO_TRACKING_TENANT } from './demo-tracking';
import { startDemo } from './start-demo';

// PGlite only: the order of the demo's steps does not depend on the database.
const backend = TEST_DATABASES[0]!;

describe(`starting the demo [${backend.name}]`, () => {
  let db: Database;
  let app: FastifyInstance;
  let graph: ModuleGraph;

  beforeAll(async () => {
    db = await backend.open();
    ({ app, graph } = await createTestApp(db));
  });
  afterAll(async () => {
    await app.close();
    await backend.dispose(db);
  });

  it("registers FleetCo's trackers before the power history is sent, so a fleet operator never finds an empty list", async () => {
    const trackersAtFirstSend: number[] = [];
    const ingest = graph.ingest.service.ingest.bind(graph.ingest.service);
    vi.spyOn(graph.ingest.service, 'ingest').mockImplementation(async (tenantId, ...rest) => {
      if (trackersAtFirstSend.length === 0)
        trackersAtFirstSend.push(await countRows(db, `SELECT 1 FROM tracking_devices WHERE tenant_id = '${DEMO_TRACKING_TENANT}'`));
      return ingest(tenantId, ...rest);
    });
    const stop = await startDemo(app, graph, { powerDays: 0.02, trackingDays: 0 });
    stop();
    expect(trackersAtFirstSend).toEqual([DEMO_TRACKERS.length]);
  });
});
