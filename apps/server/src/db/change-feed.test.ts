import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/support/test-app';
import { TEST_DATABASES } from '../../test/support/test-databases';
import { buildModuleGraph, type ModuleGraph } from '../module-graph';
import { postgresChangeFeed, type ChangeFeed } from './change-feed';
import type { Database } from './database';

const postgres = TEST_DATABASES.find((backend) => backend.name === 'postgres');
const log = pino({ level: 'silent' });

describe.runIf(postgres)('the change feed: two processes on one PostgreSQL', () => {
  let db: Database;
  let one: ModuleGraph;
  let two: ModuleGraph;
  let feed: ChangeFeed;
  let heard = 0;
  beforeAll(async () => {
    db = await postgres!.open();
    one = buildModuleGraph({ config: testConfig(), db });
    two = buildModuleGraph({ config: testConfig(), db });
    await one.tenants.seedDemoTenants();
    // The second process's caches listen, as server.ts wires them.
    feed = postgresChangeFeed(postgres!.connectionString!(db), log);
    for (const module of two.modules) for (const [table, forget] of Object.entries(module.cachedTables ?? {})) feed.on(table, forget);
    feed.on(Object.keys(two.ingest.cachedTables)[0] ?? '', () => (heard += 1));
    // Listening once the feed has forgotten everything on connecting; a key made now is heard.
    await vi.waitFor(async () => {
      await one.ingest.keys.create('netzero', 'test', `warm-up ${heard}`);
      expect(heard).toBeGreaterThan(0);
    });
  });
  afterAll(async () => {
    await feed.close();
    await postgres!.dispose(db);
  });

  it('stops a key revoked in one process from working in the other at once, not after its 30 s cache', async () => {
    const key = await one.ingest.keys.create('netzero', 'admin', 'Sensor batch 7');
    expect(await two.ingest.keys.tenantOfKey(key.secret)).toBe('netzero');
    expect(await two.ingest.keys.tenantOfKey(key.secret)).toBe('netzero'); // kept in the second process now
    await one.ingest.keys.revoke('netzero', key.id);
    await vi.waitFor(async () => expect(await two.ingest.keys.tenantOfKey(key.secret)).toBeNull(), { timeout: 3_000 });
  });

  it('shows a tenant changed by the operator’s command (SQL from outside) to the other process at once', async () => {
    expect((await two.tenants.findTenant('gridwest'))?.name).not.toBe('GridWest Renamed');
    await db.query("UPDATE tenants SET name = 'GridWest Renamed' WHERE id = 'gridwest'");
    await vi.waitFor(async () => expect((await two.tenants.findTenant('gridwest'))?.name).toBe('GridWest Renamed'), { timeout: 3_000 });
  });

  it('gives a tenant added later its own time zone, not the UTC it was told while it did not exist', async () => {
    expect(await two.tenants.timeZoneOf('late-tenant')).toBe('UTC');
    await db.query(
      `INSERT INTO tenants (id, name, type, tabs, language, time_zone) VALUES ('late-tenant', 'Late', 'powerdata', '[]', 'en', 'Europe/Warsaw')`,
    );
    expect(await two.tenants.timeZoneOf('late-tenant')).toBe('Europe/Warsaw');
  });
});
