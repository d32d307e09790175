import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database';
import { loadMigrations, migrate } from './migrate';

/** Migration 0005 moves readings stored by earlier versions into the compact table, losing nothing. */
describe('migration 0005: compact readings, from a database with data', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite(null);
    await migrate(
      db,
      loadMigrations().filter((m) => m.id < '0005'),
    );
    // The tenant as that version stored it: today's demo seed writes columns later migrations added.
    await db.query(
      "INSERT INTO tenants (id, name, type, powerdata_type, tabs) VALUES ('netzero', 'NetZero Networks', 'powerdata', 'netzero', '[]')",
    );
    await db.query(
      "INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva) VALUES ('netzero', 'OLD-1', 'Old', 100)",
    );
    await db.query(
      `INSERT INTO power_messages (tenant_id, device_id, seq, measured_at, current_max_a, current_med_a, temperature_max_c, temperature_med_c, battery_pct, lqi)
       VALUES ('netzero', 'OLD-1', 4000000000, '2026-03-01T10:15:00Z', '{101.5,90,80}', '{60,55,50}', 41.25, 39.5, 87.5, 140),
              ('netzero', 'OLD-1', 7, '2026-03-01T10:30:00Z', '{100,90,80}', '{40,35,30}', NULL, NULL, NULL, NULL)`,
    );
    await db.query(
      `INSERT INTO power_device_hourly (tenant_id, device_id, hour, message_count, max_a1_min, max_a1_max, max_a2_min, max_a2_max, max_a3_min, max_a3_max,
          med_a1_min, med_a1_max, med_a2_min, med_a2_max, med_a3_min, med_a3_max, apparent_max_kva_min, apparent_max_kva_max,
          apparent_med_kva_min, apparent_med_kva_max, imbalance_min, imbalance_max)
       VALUES ('netzero', 'OLD-1', '2026-03-01T10:00:00Z', 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`,
    );
    await migrate(db);
  });
  afterAll(() => db.close());

  it('keeps every reading, with its true sequence number and values to a tenth', async () => {
    const rows = await db.query<{
      seq: number;
      current_max_a: number[];
      temperature_max_c: number | null;
      battery_pct: number | null;
      lqi: number | null;
    }>(
      "SELECT seq::float8 AS seq, current_max_a, temperature_max_c, battery_pct, lqi FROM power_messages WHERE device_id = 'OLD-1' ORDER BY seq",
    );
    expect(rows.map((r) => r.seq)).toEqual([7, 4_000_000_000]);
    expect(rows[1]).toMatchObject({ current_max_a: [101.5, 90, 80], temperature_max_c: 41.3, battery_pct: 87.5, lqi: 140 });
    expect(rows[0]).toMatchObject({ temperature_max_c: null, battery_pct: null, lqi: null });
  });

  it("fills the hourly rollup's new sum of median apparent power from the readings", async () => {
    const [hour] = await db.query<{ total: number }>(
      "SELECT apparent_med_kva_sum AS total FROM power_device_hourly WHERE device_id = 'OLD-1'",
    );
    expect(hour?.total).toBeCloseTo(((60 + 55 + 50 + 40 + 35 + 30) * 230) / 1000, 6);
  });

  it('gives every device an integer key', async () => {
    const keys = await db.query<{ device_key: number | null }>('SELECT device_key FROM power_devices');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => typeof k.device_key === 'number')).toBe(true);
  });
});
