import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database';
import { loadMigrations, migrate } from './migrate';

/** Migration 0009 counts the link quality of days stored before it from their readings. */
describe('migration 0009: daily link quality, from a database with data', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite(null);
    await migrate(
      db,
      loadMigrations().filter((m) => m.id < '0009'),
    );
    // The tenant as that version stored it: today's demo seed writes columns later migrations added.
    await db.query(
      "INSERT INTO tenants (id, name, type, powerdata_type, tabs) VALUES ('netzero', 'NetZero Networks', 'powerdata', 'netzero', '[]')",
    );
    await db.query("INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva) VALUES ('netzero', 'LQ-1', 'Old', 100)");
    // Two days: LQI 200, 120, 60 and a reading without one on the first; 150 on the second.
    await db.query(
      `INSERT INTO power_readings (measured_at, device_key, seq, max_a1, max_a2, max_a3, med_a1, med_a2, med_a3, lqi)
       SELECT t::timestamptz, (SELECT device_key FROM power_devices WHERE device_id = 'LQ-1'), s, 1, 1, 1, 1, 1, 1, q
         FROM (VALUES ('2026-03-01T10:00:00Z', 1, 200), ('2026-03-01T10:15:00Z', 2, 120), ('2026-03-01T10:30:00Z', 3, 60),
                      ('2026-03-01T10:45:00Z', 4, NULL), ('2026-03-02T10:00:00Z', 5, 150)) AS v(t, s, q)`,
    );
    await db.query(
      `INSERT INTO power_device_daily (tenant_id, device_id, day, message_count, min_seq, max_seq, current_max_a, current_med_sum_a,
          apparent_max_kva, apparent_med_sum_kva, imbalance_max_percent)
       VALUES ('netzero', 'LQ-1', '2026-03-01', 4, 1, 4, '{1,1,1}', '{4,4,4}', 1, 1, 0),
              ('netzero', 'LQ-1', '2026-03-02', 1, 5, 5, '{1,1,1}', '{1,1,1}', 1, 1, 0)`,
    );
    await migrate(db);
  });
  afterAll(() => db.close());

  it("fills each day's link-quality counts from its readings", async () => {
    const days = await db.query<{
      day: string;
      lqi_count: number;
      lqi_sum: number;
      lqi_min: number;
      lqi_below_good: number;
      lqi_below_average: number;
    }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, lqi_count, lqi_sum::float8 AS lqi_sum, lqi_min, lqi_below_good, lqi_below_average FROM power_device_daily WHERE device_id = 'LQ-1' ORDER BY day",
    );
    expect(days).toEqual([
      { day: '2026-03-01', lqi_count: 3, lqi_sum: 380, lqi_min: 60, lqi_below_good: 2, lqi_below_average: 1 },
      { day: '2026-03-02', lqi_count: 1, lqi_sum: 150, lqi_min: 150, lqi_below_good: 0, lqi_below_average: 0 },
    ]);
  });
});
