import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seedDemoData } from '../../demo/seed-demo';
import { buildModuleGraph } from '../../module-graph';
import { testConfig } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

for (const backend of TEST_DATABASES) {
  describe(`raw data retention [${backend.name}]`, () => {
    let db: Database;
    let retention: ReturnType<typeof buildModuleGraph>['retention'];
    beforeAll(async () => {
      db = await backend.open();
      retention = buildModuleGraph({ config: testConfig(), db }).retention;
      await seedDemoData(db);
      await db.query("INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva) VALUES ('netzero', 'R-1', 'R', 100)");
      // Seq 5 arrived late: its seq lies inside the old days' range (1 to 10), but it was measured yesterday.
      for (const [seq, daysAgo] of [
        [1, 500],
        [10, 450],
        [2, 401],
        [3, 399],
        [4, 1],
        [5, 1],
      ] as const) {
        await db.query(
          `INSERT INTO power_readings (device_key, seq, measured_at, max_a1, max_a2, max_a3, med_a1, med_a2, med_a3)
           SELECT device_key, $1::int - 2147483648, now() - make_interval(days => $2), 1, 1, 1, 1, 1, 1 FROM power_devices WHERE device_id = 'R-1'`,
          [seq, daysAgo],
        );
        await db.query(
          `INSERT INTO power_device_daily (tenant_id, device_id, day, message_count, min_seq, max_seq, current_max_a, current_med_sum_a, apparent_max_kva, apparent_med_sum_kva, imbalance_max_percent)
           VALUES ('netzero', 'R-1', (now() - make_interval(days => $2))::date, 1, $1, $1, '{1,1,1}', '{1,1,1}', 0.69, 0.69, 0)
           ON CONFLICT (tenant_id, device_id, day) DO UPDATE SET message_count = 2, min_seq = LEAST(power_device_daily.min_seq, $1),
             max_seq = GREATEST(power_device_daily.max_seq, $1)`,
          [seq, daysAgo],
        );
      }
      for (const daysAgo of [401, 1])
        await db.query(
          `INSERT INTO power_device_hourly (tenant_id, device_id, hour, message_count, apparent_med_kva_sum, max_a1_min, max_a1_max, max_a2_min, max_a2_max,
              max_a3_min, max_a3_max, med_a1_min, med_a1_max, med_a2_min, med_a2_max, med_a3_min, med_a3_max, apparent_max_kva_min, apparent_max_kva_max,
              apparent_med_kva_min, apparent_med_kva_max, imbalance_min, imbalance_max)
           VALUES ('netzero', 'R-1', date_trunc('hour', now() - make_interval(days => $1)), 1, 0.69, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.69, 0.69, 0.69, 0.69, 0, 0)`,
          [daysAgo],
        );
    });
    afterAll(() => backend.dispose(db));

    it('deletes raw readings and hourly rollups older than the retention period, late ones kept, every daily rollup kept', async () => {
      const deleted = await retention.pruneRawData(400);
      expect(deleted).toMatchObject({ power_readings: 3, power_device_hourly: 1 });
      const left = await db.query<{ seq: number }>("SELECT seq FROM power_messages WHERE device_id = 'R-1' ORDER BY seq");
      expect(left.map((r) => r.seq)).toEqual([3, 4, 5]);
      const hours = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM power_device_hourly WHERE device_id = 'R-1'");
      expect(hours[0]?.n).toBe(1);
      const days = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM power_device_daily WHERE device_id = 'R-1'");
      expect(days[0]?.n).toBe(5);
    });

    it('vacuums and analyses the hot tables, so the planner knows their sizes', async () => {
      await retention.maintainTables();
      const stats = await db.query<{ tuples: number }>(
        "SELECT reltuples::float8 AS tuples FROM pg_class WHERE relname = 'power_device_daily'",
      );
      expect(stats[0]?.tuples).toBe(5); // -1 until the table has been analysed
    });
  });
}
