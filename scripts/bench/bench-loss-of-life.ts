/**
 * GET /api/powerdata/lossOfLife for one transformer with a year of 15-minute readings (35,040), stored through the
 * real ingest route, with its series: the server's time against the read behind it (SQL and parsing) and the
 * domain's thermal ageing on the same arrays, taking turns. Run on its own:
 *   npx tsx scripts/bench/bench-loss-of-life.ts            (PGlite)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/bench-loss-of-life.ts
 */
import type { FastifyInstance } from 'fastify';
import { loadAnalysisApi } from '@gridlens/contract/load-analysis';
import { urlOf } from '@gridlens/contract/route';
import { loadFactorsPu } from '@gridlens/domain/thermal/load-factor';
import { thermalAgeing } from '@gridlens/domain/thermal/thermal-ageing';
import { thermalParameters } from '@gridlens/domain/thermal/thermal-parameters';
import { ambientTemperaturesC } from '@gridlens/domain/weather/climate-model';
import { createThermalReadingsRepository } from '../../apps/server/src/modules/power-readings/thermal-readings.repository';
import {
  benchApp,
  fmt,
  ingestThroughRoute,
  percentile,
  pgliteBackend,
  postgresBackend,
  timeInTurns,
  type BenchBackend,
} from './bench-support';

const YEAR_READINGS = 365 * 96;
const DUBLIN = { latitude: 53.35, longitude: -6.26 };

async function seedYear(backend: BenchBackend, app: FastifyInstance): Promise<void> {
  await backend.db.query(
    "INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva, latitude, longitude) VALUES ('bench', 'LOL-YEAR', 'Year', 400, $1, $2)",
    [DUBLIN.latitude, DUBLIN.longitude],
  );
  const start = Date.now() - YEAR_READINGS * 900_000;
  const readings = Array.from({ length: YEAR_READINGS }, (_unused, g) => ({
    kind: 'transformer',
    device_id: 'LOL-YEAR',
    seq: g + 1,
    time: new Date(start + g * 900_000).toISOString(),
    current_max_a: [400, 380, 360],
    current_med_a: [300 + 200 * Math.sin(g / 15), 280 + 150 * Math.sin(g / 17), 250 + 100 * Math.sin(g / 19)],
    temperature_max_c: 40,
    temperature_med_c: 38,
  }));
  await ingestThroughRoute(backend.db, app, 'bench', readings);
}

async function run(backend: BenchBackend): Promise<void> {
  const { app, headers } = await benchApp(backend.db);
  try {
    await seedYear(backend, app);
    const from = new Date(Date.now() - 366 * 86_400_000);
    const to = new Date();
    const url = urlOf(loadAnalysisApi.lossOfLife, {}, { device_id: 'LOL-YEAR', from: from.toISOString(), to: to.toISOString() });
    const reads = createThermalReadingsRepository(backend.db);
    let bytes = 0;
    let steps = 0;
    const samples = await timeInTurns(10, {
      api: async () => {
        const response = await app.inject({ method: 'GET', url, headers: headers('bench') });
        if (response.statusCode !== 200) throw new Error(`lossOfLife answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
        bytes = response.rawPayload.length;
      },
      read: async () => {
        steps = (await reads.thermalReadings('bench', from, to, 'LOL-YEAR'))[0]!.series.t.length;
      },
      domain: () => {
        const timesMs = Float64Array.from({ length: YEAR_READINGS }, (_, i) => from.getTime() + i * 900_000);
        const currents = Float64Array.from({ length: YEAR_READINGS }, (_, g) => 300 + 200 * Math.sin(g / 15));
        const loadPu = loadFactorsPu(currents, currents, currents, 400);
        thermalAgeing({ timesMs, loadPu, ambientC: ambientTemperaturesC(DUBLIN, timesMs) }, thermalParameters(), 'steady', 'normal');
        return Promise.resolve();
      },
    });
    const line = (name: 'api' | 'read' | 'domain') =>
      `${name} p50 ${fmt(percentile(samples[name], 50), 0)} ms, p95 ${fmt(percentile(samples[name], 95), 0)} ms`;
    process.stdout.write(
      `[${backend.name}] lossOfLife, one transformer, a year of 15-minute readings (${steps} steps, answer ${fmt(bytes / 1e6, 1)} MB with its series): ${line('api')}; the read alone ${line('read')}; the domain on the same arrays (with the climate model) ${line('domain')}\n`,
    );
  } finally {
    await app.close();
    await backend.dispose();
  }
}

const postgresUrl = process.env['BENCH_PG_URL'];
await run(postgresUrl ? await postgresBackend(postgresUrl) : await pgliteBackend());
