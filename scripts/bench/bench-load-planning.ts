import type { FastifyInstance } from 'fastify';
import { loadPlanningApi } from '@gridlens/contract/load-planning';
import { urlOf } from '@gridlens/contract/route';
import { utcDay } from '@gridlens/domain/time-range';
import { createAssetsRepository } from '../../apps/server/src/modules/assets/assets.repository';
import { createModelDayRepository } from '../../apps/server/src/modules/power-readings/model-day.repository';
import { percentile, timeInTurns, type BenchBackend, maintainTables } from './bench-support';

const FLEET = 10_000;
/** Days of daily rollups per device, and the last days of them with hourly rollups (the base-load days' range). */
const DAILY_DAYS = 90;
const HOURLY_DAYS = 7;
const TENANT = 'planning';

/**
 * 10,000 transformers with 90 days of daily rollups and their last 7 days of hourly rollups, made in SQL (not the
 * subject here): ratings 100-630 kVA, 20-139 MPRNs, an evening peak of their own size; the peak day in the last week.
 */
export async function fillPlanningFleet(backend: Pick<BenchBackend, 'db'>): Promise<void> {
  const { db } = backend;
  await db.query(
    "INSERT INTO tenants (id, name, type, powerdata_type, tabs, time_zone) VALUES ($1, 'Planning', 'powerdata', 'netzero', '[]', 'UTC') ON CONFLICT DO NOTHING",
    [TENANT],
  );
  await db.query(
    `INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva, connected_mprns, commuter_area)
     SELECT $1, 'P-' || g, 'Planning ' || g, (ARRAY[100, 200, 400, 630])[1 + g % 4], 20 + g % 120, g % 2 = 0
       FROM generate_series(1, ${FLEET}) g`,
    [TENANT],
  );
  await db.query(
    `INSERT INTO power_device_latest (tenant_id, device_id, last_seq, last_message_at, current_max_a, current_med_a, temperature_max_c, temperature_med_c, battery_pct, lqi)
     SELECT $1, 'P-' || g, 96, $2::date + interval '23 hours', ARRAY[120, 110, 100]::real[], ARRAY[80, 75, 70]::real[], 45, 40, 70, 150
       FROM generate_series(1, ${FLEET}) g`,
    [TENANT, yesterday()],
  );
  await db.query(
    `INSERT INTO power_device_daily (tenant_id, device_id, day, message_count, min_seq, max_seq, current_max_a, current_med_sum_a, apparent_max_kva,
        apparent_med_sum_kva, imbalance_max_percent, temperature_max_c, temperature_min_c, temperature_med_sum_c, temperature_count, battery_min_pct)
     SELECT $1, 'P-' || g, $2::date - d, 96, 1, 96, ARRAY[150, 140, 130]::real[], ARRAY[7000, 6500, 6000]::float8[],
            (ARRAY[100, 200, 400, 630])[1 + g % 4] * (0.4 + CASE WHEN d < ${HOURLY_DAYS} THEN 0.1 * ((g + d) % 5) ELSE 0 END),
            3000, 30, 55, 30, 3800, 96, 60
       FROM generate_series(1, ${FLEET}) g CROSS JOIN generate_series(0, ${DAILY_DAYS - 1}) AS d`,
    [TENANT, yesterday()],
  );
  // The hour's peak follows an evening shape scaled so that the day's largest hour is the daily rollup's peak.
  await db.query(
    `INSERT INTO power_device_hourly (tenant_id, device_id, hour, message_count, apparent_med_kva_sum,
        max_a1_min, max_a1_max, max_a2_min, max_a2_max, max_a3_min, max_a3_max, med_a1_min, med_a1_max, med_a2_min, med_a2_max,
        med_a3_min, med_a3_max, apparent_max_kva_min, apparent_max_kva_max, apparent_med_kva_min, apparent_med_kva_max, imbalance_min, imbalance_max)
     SELECT $1, 'P-' || g, ($2::date - d) + make_interval(hours => h), 4, 100, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            (ARRAY[100, 200, 400, 630])[1 + g % 4] * (0.4 + 0.1 * ((g + d) % 5)) * (0.55 + 0.45 * exp(-((h - 18.5) ^ 2) / 8)) / 1.0,
            1, 1, 1, 1
       FROM generate_series(1, ${FLEET}) g CROSS JOIN generate_series(0, ${HOURLY_DAYS - 1}) AS d CROSS JOIN generate_series(0, 23) AS h`,
    [TENANT, yesterday()],
  );
  await maintainTables(db);
}

const yesterday = () => utcDay(Date.now() - 86_400_000);

/**
 * GET /api/powerdata/model_fleetanalysis/default/default for 10,000 transformers, end to end: uncached (the
 * registry version raised before each run, as a device edit does), cached, and the first run (which starts the
 * worker thread); beside the bare SQL reading its inputs. And a small request's time while a fleet analysis runs.
 */
export async function benchLoadPlanning(backend: BenchBackend, app: FastifyInstance, headers: Record<string, string>) {
  await fillPlanningFleet(backend);
  const url = urlOf(loadPlanningApi.fleetAnalysis, { id_ev: 'default', id_hp: 'default' }, {});
  const small = urlOf(loadPlanningApi.dwellingMix, { areaId: 'P-1' }, {});
  const get = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    return response;
  };
  const invalidate = () =>
    backend.db.query('UPDATE tenants SET power_registry_version = power_registry_version + 1 WHERE id = $1', [TENANT]);
  const firstStart = performance.now();
  const first = await get(url);
  const firstMs = performance.now() - firstStart;
  const rows = first.json<{ items: unknown[] }>().items.length;
  const assets = createAssetsRepository(backend.db);
  const modelDays = createModelDayRepository(backend.db);
  const fromDay = utcDay(Date.now() - 365 * 86_400_000);
  const { uncached, cached, sql } = await timeInTurns(
    7,
    {
      uncached: async () => {
        await invalidate();
        await get(url);
      },
      cached: () => get(url),
      sql: () =>
        Promise.all([assets.planningRegistry(TENANT), modelDays.modelDayLoads(TENANT, 'most_recent_weekday', fromDay, yesterday())]),
    },
    1,
  );
  // A small request while a fleet analysis runs, against the same request alone.
  const during: number[] = [];
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) {
    let start = performance.now();
    await get(small);
    alone.push(performance.now() - start);
    await invalidate();
    const running = get(url);
    await new Promise((resolve) => setTimeout(resolve, 300));
    start = performance.now();
    await get(small);
    during.push(performance.now() - start);
    await running;
  }
  return {
    rows,
    firstMs,
    uncachedP50: percentile(uncached, 50),
    uncachedMax: Math.max(...uncached),
    cachedP50: percentile(cached, 50),
    sqlP50: percentile(sql, 50),
    smallAloneP50: percentile(alone, 50),
    smallDuringP50: percentile(during, 50),
    smallDuringMax: Math.max(...during),
  };
}
