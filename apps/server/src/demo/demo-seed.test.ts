import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceMessage } from '@gridlens/contract/ingest';
import type { Database } from '../db/database';
import { seedDemoData } from './seed-demo';
import { demoMessages } from './demo-messages';
import { demoFleet } from './demo-fleet';
import { demoRollout } from './demo-rollout';
import { DEMO_INGEST_KEYS, demoFleets, seedDemoPowerData, type SendMessages } from './demo-power-seed';
import { createIngestKeysRepository } from '../modules/ingest/ingest-keys.repository';
import { createIngestKeysService } from '../modules/ingest/ingest-keys.service';
import { buildModuleGraph, type ModuleGraph } from '../module-graph';
import { testConfig } from '../../test/support/test-app';
import { countRows } from '../../test/support/power-fixtures';
import { TEST_DATABASES } from '../../test/support/test-databases';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A fixed instant, so that every run stores the same messages. */
const NOW = Date.parse('2026-03-11T10:07:30Z');
const LATER = NOW + 30 * MINUTE_MS;

interface Sent {
  batches: number;
  messages: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  byTenant: Map<string, number>;
  kinds: Map<DeviceMessage['kind'], number>;
  reasons: string[];
}

const emptySent = (): Sent => ({
  batches: 0,
  messages: 0,
  accepted: 0,
  duplicates: 0,
  rejected: 0,
  byTenant: new Map(),
  kinds: new Map(),
  reasons: [],
});

/** What the fleets produce in (fromMs, toMs], computed without the database. */
function expectedMessages(fromMs: number, toMs: number, nowMs: number) {
  return demoFleets().flatMap(({ tenantId, devices }) =>
    devices.flatMap((d) => demoMessages(d, fromMs, toMs, nowMs).map((message) => ({ tenantId, message }))),
  );
}

for (const backend of TEST_DATABASES) {
  describe(`demo power seed [${backend.name}]`, () => {
    let db: Database;
    let sent: Sent;
    let send: SendMessages;
    let first: { messages: number; fromMs: number };
    let firstSent: Sent;
    let graph: ModuleGraph;

    const readingsOf = (tenantId: string) => countRows(db, 'SELECT 1 FROM power_messages WHERE tenant_id = $1', [tenantId]);

    beforeAll(async () => {
      db = await backend.open();
      await seedDemoData(db);
      graph = buildModuleGraph({ config: testConfig(), db, now: () => NOW });
      send = async (tenantId, messages) => {
        const result = await graph.ingest.service.ingest(tenantId, 'http', messages);
        sent.batches += 1;
        sent.messages += messages.length;
        sent.accepted += result.accepted;
        sent.duplicates += result.duplicates;
        sent.rejected += result.rejected;
        sent.byTenant.set(tenantId, (sent.byTenant.get(tenantId) ?? 0) + messages.length);
        for (const m of messages) sent.kinds.set(m.kind, (sent.kinds.get(m.kind) ?? 0) + 1);
        for (const r of result.results) if (r.reason) sent.reasons.push(r.reason);
      };
      sent = emptySent();
      first = await seedDemoPowerData(graph, send, NOW, 1);
      firstSent = sent;
    });
    afterAll(async () => {
      await backend.dispose(db);
    });

    it('registers 300 NetZero and 24 GridWest devices, as the fleets describe them, their status from the facts', async () => {
      const devices = await db.query<{ tenant_id: string; device_id: string; device_status: string; rating_kva: number }>(
        'SELECT tenant_id, device_id, device_status, rating_kva FROM power_devices ORDER BY tenant_id, device_id',
      );
      expect(devices.filter((d) => d.tenant_id === 'netzero')).toHaveLength(300);
      expect(devices.filter((d) => d.tenant_id === 'gridwest')).toHaveLength(24);
      // NetZero's status is its rollout's; a GridWest device heard in the history is Active, another keeps its registered status.
      const rollout = demoRollout(demoFleet(), NOW).statuses;
      const heard = new Set(
        (await db.query<{ tenant_id: string; device_id: string }>('SELECT tenant_id, device_id FROM power_device_latest')).map(
          (r) => `${r.tenant_id}/${r.device_id}`,
        ),
      );
      const expected = demoFleets()
        .flatMap(({ tenantId, devices: fleet }) =>
          fleet.map((d) => ({
            tenant_id: tenantId,
            device_id: d.registration.device_id,
            device_status:
              tenantId === 'netzero'
                ? rollout.get(d.registration.device_id)
                : heard.has(`${tenantId}/${d.registration.device_id}`)
                  ? 'Active'
                  : d.registration.device_status,
            rating_kva: d.registration.rating_kva,
          })),
        )
        .sort((a, b) => a.tenant_id.localeCompare(b.tenant_id) || a.device_id.localeCompare(b.device_id));
      expect(devices.map((d) => ({ ...d, rating_kva: Number(d.rating_kva) }))).toEqual(expected);
    });

    it('stores the demo ingest keys hashed, one per demo tenant', async () => {
      expect(Object.keys(DEMO_INGEST_KEYS).sort()).toEqual(['fleetco', 'gridwest', 'netzero']);
      const rows = await db.query<{ tenant_id: string; prefix: string; secret_sha256: Uint8Array; revoked_at: Date | null }>(
        'SELECT tenant_id, prefix, secret_sha256, revoked_at FROM ingest_keys ORDER BY tenant_id',
      );
      expect(rows.map((r) => [r.tenant_id, r.prefix, r.revoked_at])).toEqual([
        ['fleetco', DEMO_INGEST_KEYS['fleetco']?.slice(4, 12), null],
        ['gridwest', DEMO_INGEST_KEYS['gridwest']?.slice(4, 12), null],
        ['netzero', DEMO_INGEST_KEYS['netzero']?.slice(4, 12), null],
      ]);
      for (const row of rows) {
        const secret = DEMO_INGEST_KEYS[row.tenant_id] ?? '';
        expect(Buffer.from(row.secret_sha256).equals(createHash('sha256').update(secret).digest()), row.tenant_id).toBe(true);
      }
    });

    it('gives demo ingest keys the shape of real ones (glk_<8 hex>_<43 characters>)', async () => {
      // A key as the service creates it, for comparison; removed again so the other tests see only the demo keys.
      const created = await createIngestKeysService(createIngestKeysRepository(db)).create('fleetco', 'test', 'shape probe');
      await db.query('DELETE FROM ingest_keys WHERE id = $1', [created.id]);
      for (const [tenantId, secret] of Object.entries(DEMO_INGEST_KEYS)) {
        expect(secret.slice(0, 13), tenantId).toMatch(/^glk_[0-9a-f]{8}_$/);
        expect(secret.slice(13), tenantId).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(secret.length, `${tenantId}: ${secret}`).toBe(created.secret.length);
      }
    });

    it('resolves the demo ingest keys to their tenants (what the live simulator authenticates with)', async () => {
      const keys = createIngestKeysService(createIngestKeysRepository(db));
      for (const [tenantId, secret] of Object.entries(DEMO_INGEST_KEYS)) expect(await keys.tenantOfKey(secret), tenantId).toBe(tenantId);
      expect(await keys.tenantOfKey(`${DEMO_INGEST_KEYS['netzero']?.slice(0, -1) ?? ''}X`)).toBeNull();
    });

    it('sends the last day of history and every message is accepted', async () => {
      expect(first.fromMs).toBe(NOW - DAY_MS);
      expect(firstSent.reasons).toEqual([]);
      expect(firstSent.rejected).toBe(0);
      expect(firstSent.duplicates).toBe(0);
      expect(firstSent.accepted).toBe(first.messages);
      expect(firstSent.messages).toBe(first.messages);
      const expected = expectedMessages(NOW - DAY_MS, NOW, NOW);
      expect(first.messages).toBe(expected.length);
      // About 96 readings a day from each reporting device of both tenants.
      expect(first.messages).toBeGreaterThan(280 * 90);
      expect(firstSent.byTenant.get('netzero')).toBe(expected.filter((e) => e.tenantId === 'netzero').length);
      expect(firstSent.byTenant.get('gridwest')).toBe(expected.filter((e) => e.tenantId === 'gridwest').length);
      expect(new Set(firstSent.kinds.keys())).toEqual(new Set(['transformer', 'pq_event', 'hydrogen', 'metering']));
      expect(await countRows(db, 'SELECT 1 FROM ingest_dead_letters')).toBe(0);
    });

    it('stores the readings of the last day', async () => {
      const expected = expectedMessages(NOW - DAY_MS, NOW, NOW).filter((e) => e.message.kind === 'transformer');
      expect(await readingsOf('netzero')).toBe(expected.filter((e) => e.tenantId === 'netzero').length);
      expect(await readingsOf('gridwest')).toBe(expected.filter((e) => e.tenantId === 'gridwest').length);
      const range = await db.query<{ oldest: Date; newest: Date }>(
        'SELECT min(measured_at) AS oldest, max(measured_at) AS newest FROM power_messages',
      );
      expect(new Date(range[0]?.oldest ?? 0).getTime()).toBeGreaterThan(NOW - DAY_MS);
      expect(new Date(range[0]?.newest ?? 0).getTime()).toBeLessThanOrEqual(NOW);
      expect(new Date(range[0]?.newest ?? 0).getTime()).toBeGreaterThan(NOW - 15 * MINUTE_MS);
      for (const table of ['power_quality_events', 'hydrogen_readings', 'metering_readings']) {
        expect(await countRows(db, `SELECT 1 FROM ${table} WHERE tenant_id = 'netzero'`), table).toBeGreaterThan(0);
      }
    });

    it('keeps the daily rollup and the latest state of the NetZero devices that report', async () => {
      const reporting = (demoFleets()[0]?.devices ?? []).filter((d) => d.behaviour.sends && d.behaviour.silentForHours === 0);
      expect(reporting.length).toBeGreaterThan(250);
      const daily = await db.query<{ device_id: string; messages: number | string }>(
        `SELECT device_id, sum(message_count) AS messages FROM power_device_daily WHERE tenant_id = 'netzero' GROUP BY device_id`,
      );
      expect(daily.map((r) => r.device_id).sort()).toEqual(reporting.map((d) => d.registration.device_id).sort());
      expect(daily.reduce((sum, r) => sum + Number(r.messages), 0)).toBe(await readingsOf('netzero'));
      expect(await countRows(db, `SELECT 1 FROM power_device_latest WHERE tenant_id = 'netzero'`)).toBe(reporting.length);
    });

    it('sends only the gap when run again 30 minutes later, and nothing twice', async () => {
      const newest = await db.query<{ newest: Date }>(
        `SELECT max(last_message_at) AS newest FROM power_device_latest WHERE tenant_id = 'netzero'`,
      );
      const readingsBefore = (await readingsOf('netzero')) + (await readingsOf('gridwest'));
      sent = emptySent();
      const again = await seedDemoPowerData(graph, send, LATER, 1);
      expect(again.fromMs).toBe(new Date(newest[0]?.newest ?? 0).getTime());
      expect(again.fromMs).toBeGreaterThan(NOW - 15 * MINUTE_MS);
      // About two readings per reporting device: a small fraction of the first run.
      expect(again.messages).toBeGreaterThan(300);
      expect(again.messages).toBeLessThan(1500);
      expect(again.messages).toBe(expectedMessages(again.fromMs, LATER, LATER).length);
      expect(sent.reasons).toEqual([]);
      expect(sent.rejected).toBe(0);
      expect(sent.duplicates).toBe(0);
      expect(sent.accepted).toBe(again.messages);
      const gapReadings = expectedMessages(again.fromMs, LATER, LATER).filter((e) => e.message.kind === 'transformer').length;
      expect((await readingsOf('netzero')) + (await readingsOf('gridwest'))).toBe(readingsBefore + gapReadings);
      // Registration and keys are idempotent too.
      expect(await countRows(db, 'SELECT 1 FROM power_devices')).toBe(324);
      expect(await countRows(db, 'SELECT 1 FROM ingest_keys')).toBe(3);
      // No reporting device is left with a hole between the two runs.
      const holes = await db.query<{ device_id: string }>(
        `SELECT device_id FROM power_messages WHERE tenant_id = 'netzero'
           GROUP BY device_id HAVING max(seq) - min(seq) + 1 - count(*) > 10`,
      );
      const missing = new Set(
        (demoFleets()[0]?.devices ?? []).filter((d) => d.behaviour.missedMessageRate >= 0.05).map((d) => d.registration.device_id),
      );
      expect(holes.map((h) => h.device_id).filter((id) => !missing.has(id))).toEqual([]);
    });

    it('sends nothing when run again at the same instant', async () => {
      sent = emptySent();
      const again = await seedDemoPowerData(graph, send, LATER, 1);
      expect(sent.duplicates).toBe(0);
      expect(again.messages).toBe(0);
    });

    it('gives NetZero its rollout once: groups, sites and dated history, a few fitted monitors silent, one group behind', async () => {
      const plan = demoRollout(demoFleet(), NOW);
      expect(await countRows(db, "SELECT 1 FROM rollout_groups WHERE tenant_id = 'netzero'")).toBe(5);
      expect(await countRows(db, "SELECT 1 FROM rollout_sites WHERE tenant_id = 'netzero'")).toBe(plan.sites.length);
      expect(await countRows(db, "SELECT 1 FROM device_status_history WHERE tenant_id = 'netzero'")).toBe(plan.history.length);
      expect(await countRows(db, "SELECT 1 FROM rollout_sites WHERE tenant_id <> 'netzero'")).toBe(0);
      const groups = await graph.rollout.service.groups('netzero');
      expect(groups.filter((g) => g.plan_state === 'behind').map((g) => g.name)).toEqual(['Midlands crew']);
      // The fitted monitors that never send are not heard in the history: they wait in the installed-but-silent queue.
      const silent = await graph.rollout.service.silent('netzero');
      expect(silent.length).toBeGreaterThan(0);
      expect(silent.every((d) => d.last_message_at === null || d.device_status === 'Inactive')).toBe(true);
      // Each with the installer's failed test at its fitting, which the queue shows.
      const fitted = silent.filter((d) => d.device_status === 'Installed');
      expect(fitted.length).toBeGreaterThan(0);
      for (const d of fitted) expect(d.last_test).toMatchObject({ at: d.silent_since, passed: false });
      expect(await countRows(db, "SELECT 1 FROM device_tests WHERE tenant_id = 'netzero'")).toBe(plan.tests.length);
      expect(await graph.rollout.service.seedDemo('netzero', plan)).toBe(false);
      expect(await graph.coverage.seedDemoTests('netzero', plan.tests, 'demo')).toBe(false);
      expect(await countRows(db, "SELECT 1 FROM device_tests WHERE tenant_id = 'netzero'")).toBe(plan.tests.length);
      expect(await countRows(db, "SELECT 1 FROM rollout_sites WHERE tenant_id = 'netzero'")).toBe(plan.sites.length);
    });
  });
}
