import type { FastifyInstance } from 'fastify';
import type { Answer } from '@gridlens/contract/endpoint';
import { assetsApi } from '@gridlens/contract/assets';
import { powerReadingsApi } from '@gridlens/contract/power-readings';
import { urlOf } from '@gridlens/contract/route';
import { createAssetListRepository, listQueryParts } from '../../apps/server/src/modules/power-readings/asset-list.repository';
import { hoursPerBucket } from '../../apps/server/src/modules/power-readings/chart-series';
import { createPowerReadingsRepository } from '../../apps/server/src/modules/power-readings/power-readings.repository';
import { ingestThroughRoute, percentile, timeInTurns, type BenchBackend, maintainTables } from './bench-support';
import { comparedRollupDays, lastDays, utcDay } from '@gridlens/domain/time-range';

const FLEET = 10_000;
const YEAR_READINGS = 365 * 96;
/** Days of daily rollups per fleet device: the list reads 2 of them, among a realistic history. */
const HISTORY_DAYS = 90;

/**
 * 10,000 devices with 90 days of daily rollups and a latest state, made in SQL (not the subject here), in
 * `tenant` with ids `prefix`1…`prefix`10000.
 */
export async function fillFleet(backend: Pick<BenchBackend, 'db'>, tenant = 'bench', prefix = 'F-'): Promise<void> {
  const { db } = backend;
  await db.query(
    `INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva, latitude, longitude)
     SELECT $1, $2 || g, 'Fleet ' || g, (ARRAY[100, 200, 400, 630])[1 + g % 4], 53 + (g % 100) / 100.0, -8 + (g % 70) / 50.0
       FROM generate_series(1, ${FLEET}) g`,
    [tenant, prefix],
  );
  await db.query(
    `INSERT INTO power_device_latest (tenant_id, device_id, last_seq, last_message_at, current_max_a, current_med_a, temperature_max_c, temperature_med_c, battery_pct, lqi)
     SELECT $1, $2 || g, 96, now() - make_interval(mins => g % 30), ARRAY[120, 110, 100]::real[], ARRAY[80, 75, 70]::real[], 45, 40, 70, 150
       FROM generate_series(1, ${FLEET}) g`,
    [tenant, prefix],
  );
  await db.query(
    `INSERT INTO power_device_daily (tenant_id, device_id, day, message_count, min_seq, max_seq, current_max_a, current_med_sum_a, apparent_max_kva,
        apparent_med_sum_kva, imbalance_max_percent, temperature_max_c, temperature_min_c, temperature_med_sum_c, temperature_count, battery_min_pct)
     SELECT $1, $2 || g, $3::date - d, 96 - g % 3, 1, 96, ARRAY[150 + g % 50, 140, 130]::real[], ARRAY[7000, 6500, 6000]::float8[], 80, 3000, 30 + g % 60, 55, 30, 3800, 96, 60
       FROM generate_series(1, ${FLEET}) g CROSS JOIN generate_series(0, ${HISTORY_DAYS - 1}) AS d`,
    [tenant, prefix, utcDay(Date.now())],
  );
  await maintainTables(db); // as the server's maintenance job (and PostgreSQL's autovacuum) would have by now
}

/** GET /api/powerdata/device?num_days=1 for 10,000 devices, against the repository call behind it (its SQL and the reading of its answer). */
export async function benchFleetList(backend: BenchBackend, app: FastifyInstance, headers: Record<string, string>) {
  let answer: Buffer[] = [];
  const list = assetsApi.list;
  const listUrl = urlOf(list, {}, { num_days: 1 });
  const repository = createAssetListRepository(backend.db, { listParts: listQueryParts(backend.db) }); // as the server's
  const days = comparedRollupDays(lastDays(1, Date.now())); // the days the server reads for num_days=1
  const { api, sql } = await timeInTurns(30, {
    api: async () => {
      // Read as a stream of bytes, as a browser in another process reads it. Without payloadAsStream, inject
      // makes a 3.5 MB string of every answer on the server's own heap; kept until the next run, each one
      // was promoted to the old generation and their collection made the list's slowest times.
      const response = await app.inject({ method: list.method, url: listUrl, headers, payloadAsStream: true });
      if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}`);
      const chunks: Buffer[] = [];
      for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
      answer = chunks;
    },
    sql: () => repository.listWithPeriod('bench', 'bench-user', days),
  });
  // Parsed once, outside the clock: reading the 3.5 MB answer is the client's time, not the server's.
  const rows = (JSON.parse(Buffer.concat(answer).toString()) as Answer<typeof list>).count;
  // BENCH_SAMPLES=1 prints every time, sorted: a p95 of 30 runs is their second slowest, and worth seeing whole.
  if (process.env['BENCH_SAMPLES']) {
    const sorted = (samples: number[]) =>
      [...samples]
        .sort((a, b) => a - b)
        .map((ms) => Math.round(ms))
        .join(' ');
    process.stdout.write(`fleet list samples, ms: API ${sorted(api)}; bare SQL ${sorted(sql)}\n`);
  }
  return { rows, apiP50: percentile(api, 50), apiP95: percentile(api, 95), sqlP50: percentile(sql, 50), sqlP95: percentile(sql, 95) };
}

/**
 * A year of 15-minute readings of one device, stored through the real ingest route (so the hourly rollup
 * exists), then charted: server time of the endpoint against the repository call behind it (SQL and parsing).
 */
export async function benchYearChart(backend: BenchBackend, app: FastifyInstance, headers: Record<string, string>) {
  const { db } = backend;
  await db.query("INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva) VALUES ('bench', 'YEAR-1', 'Year', 400)");
  const start = Date.now() - YEAR_READINGS * 900_000;
  const readings = Array.from({ length: YEAR_READINGS }, (_unused, g) => ({
    kind: 'transformer',
    device_id: 'YEAR-1',
    seq: g + 1,
    time: new Date(start + g * 900_000).toISOString(),
    current_max_a: [100 + 50 * Math.sin(g / 20), 90 + 40 * Math.sin(g / 25), 80 + 30 * Math.sin(g / 30)],
    current_med_a: [70 + 30 * Math.sin(g / 20), 60 + 20 * Math.sin(g / 25), 50 + 20 * Math.sin(g / 30)],
    temperature_max_c: 40 + 10 * Math.sin(g / 96),
    temperature_med_c: 38,
  }));
  await ingestThroughRoute(db, app, 'bench', readings);
  const fromDate = new Date(Date.now() - 366 * 86_400_000);
  const chart = powerReadingsApi.chart;
  const chartUrl = urlOf(chart, { id: 'YEAR-1' }, { from: fromDate.toISOString() });
  let body = '';
  const repository = createPowerReadingsRepository(db);
  const bucketHours = hoursPerBucket(Date.now() - fromDate.getTime());
  const { api, sql } = await timeInTurns(20, {
    api: async () => {
      const response = await app.inject({ method: chart.method, url: chartUrl, headers });
      if (response.statusCode !== 200) throw new Error(`chart answered ${response.statusCode}`);
      body = response.body;
    },
    sql: () => repository.chartHourly('bench', 'YEAR-1', fromDate, new Date(), bucketHours),
  });
  const points = (JSON.parse(body) as Answer<typeof chart>).series.current_max_a_1.length; // the client's time, off the clock
  return {
    readings: YEAR_READINGS,
    pointsPerSeries: points,
    apiP50: percentile(api, 50),
    apiP95: percentile(api, 95),
    sqlP50: percentile(sql, 50),
  };
}

/** Bytes on disk per data point: table, indexes and TOAST of the readings, over 10 measured values a reading. */
export async function storagePerPoint(backend: BenchBackend) {
  const [row] = await backend.db.query<{ bytes: number; readings: number }>(
    "SELECT pg_total_relation_size('power_readings')::float8 AS bytes, (SELECT count(*) FROM power_readings)::float8 AS readings",
  );
  const readings = row?.readings ?? 0;
  return { readings, bytesPerReading: (row?.bytes ?? 0) / readings, bytesPerPoint: (row?.bytes ?? 0) / (readings * 10) };
}
