import type { TransformerReading } from '@gridlens/contract/ingest';
import { arrayLiteral, columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { ALL_STORED, NONE_STORED, storedMessages, type StoredMessages } from '../../db/stored-messages';
import { isoTimestamp } from '../../http/iso-timestamp';
import { HOURLY_SERIES, type HourlyContribution } from './hourly-rollup';
import { STORED_SEQ_SHIFT, storedTenths, toStoredSeq } from './reading-encoding';
import type { DailyContribution } from './transformer-rollups';

/** Max current L1–L3 then median current L1–L3, as six columns: the same in the readings and the latest state. */
const PHASES = [0, 1, 2] as const;
const currentColumns = (readings: readonly TransformerReading[]) => [
  ...PHASES.map((phase) => columnLiteral(readings, (r) => r.current_max_a[phase])),
  ...PHASES.map((phase) => columnLiteral(readings, (r) => r.current_med_a[phase])),
];

/**
 * A batch of readings as the 13 column arrays that the unnest statement of updateLatest takes, in this order:
 * device, seq, time, max current L1–L3, median current L1–L3, max and median temperature, battery, LQI.
 */
function transformerColumns(readings: readonly TransformerReading[]): string[] {
  return [
    columnLiteral(readings, (r) => r.device_id),
    columnLiteral(readings, (r) => r.seq),
    columnLiteral(readings, (r) => r.time),
    ...currentColumns(readings),
    columnLiteral(readings, (r) => r.temperature_max_c),
    columnLiteral(readings, (r) => r.temperature_med_c),
    columnLiteral(readings, (r) => r.battery_pct ?? null),
    columnLiteral(readings, (r) => r.lqi ?? null),
  ];
}

/** power_readings' columns, and the unnest arrays that fill them, in the same order. */
const READING_COLUMNS = `measured_at, device_key, seq, max_a1, max_a2, max_a3, med_a1, med_a2, med_a3,
                         temperature_max_dc, temperature_med_dc, battery_dpct, lqi`;
const READING_ARRAYS = `$1::timestamptz[], $2::int[], $3::int[], $4::real[], $5::real[], $6::real[], $7::real[], $8::real[], $9::real[],
                        $10::smallint[], $11::smallint[], $12::smallint[], $13::smallint[]`;

/** PostgreSQL's unique_violation, as both drivers report it. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A tenant's registered devices among a batch's, by device id: the integer key power_readings uses. */
export type DeviceKeys = ReadonlyMap<string, number>;

/**
 * The ingest path's writes of transformer readings: the readings, their daily and hourly rollups and each
 * device's latest state, in the ingest transaction. Every statement is bulk (unnest of column arrays) and scoped
 * by the tenant: by its tenant_id column, or for power_readings by the device_key resolved within the tenant.
 */
export function createReadingStoreRepository() {
  return {
    /**
     * Inserts the readings not stored before (see reading-encoding.ts for the stored form); returns which it
     * inserted. `devices` must hold every reading's device (the service rejects the others first).
     */
    async insertTransformerReadings(tx: Queryable, devices: DeviceKeys, readings: readonly TransformerReading[]): Promise<StoredMessages> {
      if (readings.length === 0) return NONE_STORED;
      const columns = [
        columnLiteral(readings, (r) => r.time),
        columnLiteral(readings, (r) => devices.get(r.device_id)),
        columnLiteral(readings, (r) => toStoredSeq(r.seq)),
        ...currentColumns(readings),
        columnLiteral(readings, (r) => storedTenths(r.temperature_max_c)),
        columnLiteral(readings, (r) => storedTenths(r.temperature_med_c)),
        columnLiteral(readings, (r) => storedTenths(r.battery_pct)),
        columnLiteral(readings, (r) => r.lqi ?? null),
      ];
      // Nearly every batch is new, and a plain insert of it took half the time of one with ON CONFLICT (15
      // against 27 ms for 5,000 rows), so it goes first, under a savepoint. A repeat anywhere in the batch fails
      // it with a unique violation (at once, or once a concurrent batch holding the same message commits);
      // then the batch is inserted again skipping what is stored, and answers which rows it stored.
      await tx.query('SAVEPOINT new_readings');
      try {
        await tx.query(`INSERT INTO power_readings (${READING_COLUMNS}) SELECT * FROM unnest(${READING_ARRAYS})`, columns);
        return ALL_STORED;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT new_readings');
      }
      const rows = await tx.query<{ device_key: number; seq: number }>(
        `INSERT INTO power_readings (${READING_COLUMNS}) SELECT * FROM unnest(${READING_ARRAYS})
         ON CONFLICT (device_key, seq) DO NOTHING
         RETURNING device_key, seq::float8 + ${STORED_SEQ_SHIFT} AS seq`,
        columns,
      );
      const deviceOfKey = new Map([...devices].map(([deviceId, key]) => [key, deviceId]));
      return storedMessages(
        rows.map((r) => ({ device_id: deviceOfKey.get(r.device_key) ?? '', seq: r.seq })),
        readings.length,
      );
    },

    /** Adds a batch's contributions to the daily rollup; GREATEST/LEAST skip NULLs, sums add. */
    async addToDailyRollup(tx: Queryable, tenantId: string, days: readonly DailyContribution[]): Promise<void> {
      if (days.length === 0) return;
      await tx.query(
        `INSERT INTO power_device_daily AS d (tenant_id, device_id, day, message_count, min_seq, max_seq, current_max_a, current_med_sum_a,
            apparent_max_kva, apparent_med_sum_kva, imbalance_max_percent, temperature_max_c, temperature_min_c,
            temperature_med_sum_c, temperature_count, temperature_sense_errors, battery_min_pct,
            lqi_count, lqi_sum, lqi_min, lqi_below_good, lqi_below_average)
         SELECT $1, u.dev, u.day, u.n, u.smin, u.smax, ARRAY[u.x1, u.x2, u.x3], ARRAY[u.m1, u.m2, u.m3], u.amax, u.amed, u.imb,
                u.tmax, u.tmin, u.tsum, u.tn, u.terr, u.bmin, u.qn, u.qsum, u.qmin, u.qgood, u.qavg
           FROM unnest($2::text[], $3::date[], $4::int[], $5::bigint[], $6::bigint[], $7::real[], $8::real[], $9::real[],
                       $10::float8[], $11::float8[], $12::float8[], $13::real[], $14::float8[], $15::real[], $16::real[], $17::real[],
                       $18::float8[], $19::int[], $20::int[], $21::real[], $22::int[], $23::bigint[], $24::smallint[], $25::int[], $26::int[])
             AS u(dev, day, n, smin, smax, x1, x2, x3, m1, m2, m3, amax, amed, imb, tmax, tmin, tsum, tn, terr, bmin, qn, qsum, qmin, qgood, qavg)
         ON CONFLICT (tenant_id, device_id, day) DO UPDATE SET
           message_count = d.message_count + EXCLUDED.message_count,
           min_seq = LEAST(d.min_seq, EXCLUDED.min_seq),
           max_seq = GREATEST(d.max_seq, EXCLUDED.max_seq),
           current_max_a = ARRAY[GREATEST(d.current_max_a[1], EXCLUDED.current_max_a[1]), GREATEST(d.current_max_a[2], EXCLUDED.current_max_a[2]),
                                 GREATEST(d.current_max_a[3], EXCLUDED.current_max_a[3])],
           current_med_sum_a = ARRAY[d.current_med_sum_a[1] + EXCLUDED.current_med_sum_a[1], d.current_med_sum_a[2] + EXCLUDED.current_med_sum_a[2],
                                     d.current_med_sum_a[3] + EXCLUDED.current_med_sum_a[3]],
           apparent_max_kva = GREATEST(d.apparent_max_kva, EXCLUDED.apparent_max_kva),
           apparent_med_sum_kva = d.apparent_med_sum_kva + EXCLUDED.apparent_med_sum_kva,
           imbalance_max_percent = GREATEST(d.imbalance_max_percent, EXCLUDED.imbalance_max_percent),
           temperature_max_c = GREATEST(d.temperature_max_c, EXCLUDED.temperature_max_c),
           temperature_min_c = LEAST(d.temperature_min_c, EXCLUDED.temperature_min_c),
           temperature_med_sum_c = d.temperature_med_sum_c + EXCLUDED.temperature_med_sum_c,
           temperature_count = d.temperature_count + EXCLUDED.temperature_count,
           temperature_sense_errors = d.temperature_sense_errors + EXCLUDED.temperature_sense_errors,
           battery_min_pct = LEAST(d.battery_min_pct, EXCLUDED.battery_min_pct),
           lqi_count = d.lqi_count + EXCLUDED.lqi_count,
           lqi_sum = d.lqi_sum + EXCLUDED.lqi_sum,
           lqi_min = LEAST(d.lqi_min, EXCLUDED.lqi_min),
           lqi_below_good = d.lqi_below_good + EXCLUDED.lqi_below_good,
           lqi_below_average = d.lqi_below_average + EXCLUDED.lqi_below_average`,
        [
          tenantId,
          columnLiteral(days, (d) => d.deviceId),
          columnLiteral(days, (d) => d.day),
          columnLiteral(days, (d) => d.messageCount),
          columnLiteral(days, (d) => d.minSeq),
          columnLiteral(days, (d) => d.maxSeq),
          columnLiteral(days, (d) => d.currentMaxA[0]),
          columnLiteral(days, (d) => d.currentMaxA[1]),
          columnLiteral(days, (d) => d.currentMaxA[2]),
          columnLiteral(days, (d) => d.currentMedSumA[0]),
          columnLiteral(days, (d) => d.currentMedSumA[1]),
          columnLiteral(days, (d) => d.currentMedSumA[2]),
          columnLiteral(days, (d) => d.apparentMaxKva),
          columnLiteral(days, (d) => d.apparentMedSumKva),
          columnLiteral(days, (d) => d.imbalanceMaxPercent),
          columnLiteral(days, (d) => d.temperatureMaxC),
          columnLiteral(days, (d) => d.temperatureMinC),
          columnLiteral(days, (d) => d.temperatureMedSumC),
          columnLiteral(days, (d) => d.temperatureCount),
          columnLiteral(days, (d) => d.temperatureSenseErrors),
          columnLiteral(days, (d) => d.batteryMinPct),
          columnLiteral(days, (d) => d.lqiCount),
          columnLiteral(days, (d) => d.lqiSum),
          columnLiteral(days, (d) => d.lqiMin),
          columnLiteral(days, (d) => d.lqiBelowGood),
          columnLiteral(days, (d) => d.lqiBelowAverage),
        ],
      );
    },

    /** Merges a batch's per-hour extremes into the hourly rollup (LEAST/GREATEST skip NULLs). */
    async addToHourlyRollup(tx: Queryable, tenantId: string, hours: readonly HourlyContribution[]): Promise<void> {
      if (hours.length === 0) return;
      const extremes = HOURLY_SERIES.flatMap((series) => [`${series}_min`, `${series}_max`]);
      const params: unknown[] = [
        tenantId,
        columnLiteral(hours, (h) => h.deviceId),
        columnLiteral(hours, (h) => isoTimestamp(h.hourMs)),
        columnLiteral(hours, (h) => h.count),
        columnLiteral(hours, (h) => h.apparentMedKvaSum),
        ...HOURLY_SERIES.flatMap((_series, i) => [columnLiteral(hours, (h) => h.min[i]), columnLiteral(hours, (h) => h.max[i])]),
      ];
      const casts = extremes.map((_name, i) => `$${i + 6}::real[]`).join(', ');
      const merge = extremes
        .map((name) => `${name} = ${name.endsWith('_min') ? 'LEAST' : 'GREATEST'}(h.${name}, EXCLUDED.${name})`)
        .join(', ');
      await tx.query(
        `INSERT INTO power_device_hourly AS h (tenant_id, device_id, hour, message_count, apparent_med_kva_sum, ${extremes.join(', ')})
         SELECT $1, u.* FROM unnest($2::text[], $3::timestamptz[], $4::int[], $5::float8[], ${casts}) AS u
         ON CONFLICT (tenant_id, device_id, hour) DO UPDATE SET message_count = h.message_count + EXCLUDED.message_count,
           apparent_med_kva_sum = h.apparent_med_kva_sum + EXCLUDED.apparent_med_kva_sum, ${merge}`,
        params,
      );
    },

    /** Keeps each device's newest reading; an older (late) one leaves the row alone. */
    async updateLatest(tx: Queryable, tenantId: string, latest: readonly TransformerReading[]): Promise<void> {
      if (latest.length === 0) return;
      await tx.query(
        `INSERT INTO power_device_latest AS l (tenant_id, device_id, last_seq, last_message_at, current_max_a, current_med_a,
            temperature_max_c, temperature_med_c, battery_pct, lqi)
         SELECT $1, u.d, u.s, u.t, ARRAY[u.x1, u.x2, u.x3], ARRAY[u.m1, u.m2, u.m3], u.tx, u.tm, u.b, u.q
           FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::real[], $6::real[], $7::real[], $8::real[], $9::real[], $10::real[],
                       $11::real[], $12::real[], $13::real[], $14::smallint[]) AS u(d, s, t, x1, x2, x3, m1, m2, m3, tx, tm, b, q)
         ON CONFLICT (tenant_id, device_id) DO UPDATE SET
           last_seq = EXCLUDED.last_seq, last_message_at = EXCLUDED.last_message_at,
           current_max_a = EXCLUDED.current_max_a, current_med_a = EXCLUDED.current_med_a,
           temperature_max_c = EXCLUDED.temperature_max_c, temperature_med_c = EXCLUDED.temperature_med_c,
           battery_pct = coalesce(EXCLUDED.battery_pct, l.battery_pct), lqi = coalesce(EXCLUDED.lqi, l.lqi)
         WHERE EXCLUDED.last_message_at > l.last_message_at
            -- A latest state dated further ahead than any device clock may be (DEVICE_CLOCK_AHEAD_MINUTES is
            -- at most a day) is no state at all: a current reading replaces it rather than queueing behind it.
            OR l.last_message_at > now() + interval '1 day'`,
        [tenantId, ...transformerColumns(latest)],
      );
    },

    /** Each device's newest message before this batch (alert evaluation runs before the latest state is updated). */
    previousLatest(
      tx: Queryable,
      tenantId: string,
      deviceIds: readonly string[],
    ): Promise<{ device_id: string; last_message_at: Date | string }[]> {
      return tx.query(`SELECT device_id, last_message_at FROM power_device_latest WHERE tenant_id = $1 AND device_id = ANY($2::text[])`, [
        tenantId,
        arrayLiteral(deviceIds),
      ]);
    },
  };
}
export type ReadingStoreRepository = ReturnType<typeof createReadingStoreRepository>;
