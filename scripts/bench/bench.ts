// npm run bench: the performance budgets of docs/performance.md, each figure beside a baseline measured in the same run.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) points at a server.
import { benchIngest } from './bench-ingest';
import { benchLoad, DEMO_DEVICES } from './bench-load';
import { benchLoadModels } from './bench-load-models';
import { benchLoadPlanning } from './bench-load-planning';
import { benchFleetList, benchYearChart, fillFleet, storagePerPoint } from './bench-reads';
import { benchApp, fmt, pgliteBackend, postgresBackend, type BenchBackend } from './bench-support';
import { benchWeb, webBuildExists } from './bench-web';
import { benchDemoSeed, benchDevicesList, benchTrackingIngest } from './bench-tracking';
import { benchWebDevices } from './bench-web-devices';
import { benchThermal } from './bench-thermal';
import { benchReportDelivery } from './bench-report-delivery';
import { benchReportRunner } from './bench-report-runner';
import { benchRollout } from './bench-rollout';

const INGEST_MESSAGES = Number(process.env['BENCH_INGEST_MESSAGES'] ?? 100_000);
const INGEST_SENDERS = Number(process.env['BENCH_INGEST_SENDERS'] ?? 4);
/** For quicker runs while working on one part: BENCH_BACKENDS=postgres, or web (default: all three). */
const BACKENDS = (process.env['BENCH_BACKENDS'] ?? 'pglite,postgres,web').split(',');
/**
 * The parts run on each database: `throughput` (ingest, storage, fleet list, year chart), `load` (many users at
 * once) and `tracking` (fixes placed against 5,000 POIs, the devices list and map of 10,000 trackers, the demo seed);
 * `load-models` (the EV/HP fleet analysis and a what-if) and `thermal` (a year of 15-minute loss of life), pure
 * computation that needs no database and runs once whatever the backends; and `load-planning` (the fleet analysis
 * endpoint for 10,000 transformers, end to end; PostgreSQL only); `report-delivery` (a report's CSV, XLSX and PDF, no
 * database; Chromium at CHROMIUM_PATH); `report-runner` (the demo's weekly fleet report made by the real server, and 50
 * schedules due at once sent by its job runner while users read the settings; PostgreSQL, the built web app); `rollout`
 * (the rollout dashboard's figures for 100,000 sites, and their import; PostgreSQL only).
 */
const PARTS = (
  process.env['BENCH_PARTS'] ?? 'throughput,load,tracking,load-models,thermal,load-planning,report-delivery,report-runner,rollout'
).split(',');
/** Days of FleetCo's demo history the tracking part seeds (the server's default is 56). */
const TRACKING_SEED_DAYS = Number(process.env['BENCH_TRACKING_SEED_DAYS'] ?? 56);
/** The tracking part's sub-parts: `seed` (the demo seed), `ingest` (fixes against 5,000 POIs), `list` (the devices list). */
const TRACKING = (process.env['BENCH_TRACKING'] ?? 'seed,ingest,list').split(',');
const postgresUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function run(backend: BenchBackend): Promise<void> {
  const { app, headers } = await benchApp(backend.db);
  const print = (line: string) => process.stdout.write(`[${backend.name}] ${line}\n`);
  try {
    const ingest = await benchIngest(backend, app, INGEST_MESSAGES, INGEST_SENDERS);
    const copy = `raw COPY ${fmt(ingest.copyPerSecond, 0)} rows/s`;
    print(
      `ingest, 1 sender: ${fmt(ingest.sequentialPerSecond, 0)} msg/s over HTTP batches (${ingest.messages} messages); ${copy}; ratio ${fmt(ingest.sequentialPerSecond / ingest.copyPerSecond, 2)}`,
    );
    print(
      `ingest, ${ingest.senders} senders, each its own 500 devices: ${fmt(ingest.parallelPerSecond, 0)} msg/s; ratio to COPY ${fmt(ingest.parallelPerSecond / ingest.copyPerSecond, 2)}`,
    );
    print(
      `ingest, ${ingest.senders} senders, all sending the same 500 devices (rollup rows locked in turn): ${fmt(ingest.sharedParallelPerSecond, 0)} msg/s; ratio to COPY ${fmt(ingest.sharedParallelPerSecond / ingest.copyPerSecond, 2)}`,
    );
    print(
      `ingest with ${ingest.alertRules} alert rules (1 sender, in turns): ${fmt(ingest.withRulesPerSecond, 0)} msg/s against ${fmt(ingest.withoutRulesPerSecond, 0)} without; ratio ${fmt(ingest.withRulesPerSecond / ingest.withoutRulesPerSecond, 2)} (target ≥ 0.80); ${ingest.alertsRaised} alerts raised in one pass`,
    );
    const storage = await storagePerPoint(backend);
    print(
      `storage: ${fmt(storage.bytesPerPoint)} bytes per data point (${fmt(storage.bytesPerReading)} bytes per reading of 10 values, ${storage.readings} readings)`,
    );
    await fillFleet(backend);
    const list = await benchFleetList(backend, app, headers('bench'));
    print(
      `fleet list (${list.rows} devices): p50 ${fmt(list.apiP50)} ms, p95 ${fmt(list.apiP95)} ms; bare SQL p50 ${fmt(list.sqlP50)} ms, p95 ${fmt(list.sqlP95)} ms; ratio p95 ${fmt(list.apiP95 / list.sqlP95, 2)}`,
    );
    const chart = await benchYearChart(backend, app, headers('bench'));
    print(
      `year chart (${chart.readings} readings → ${chart.pointsPerSeries} points per series): p50 ${fmt(chart.apiP50)} ms, p95 ${fmt(chart.apiP95)} ms; bare SQL p50 ${fmt(chart.sqlP50)} ms; ratio p50 ${fmt(chart.apiP50 / chart.sqlP50, 2)}`,
    );
  } finally {
    await app.close();
    await backend.dispose();
  }
}

/** Many users at once, on a database of its own (the demo tenants with a week of history). */
async function runLoad(backend: BenchBackend): Promise<void> {
  const print = (line: string) => process.stdout.write(`[${backend.name}] ${line}\n`);
  const ms = (value: number) => fmt(value, 0);
  try {
    const load = await benchLoad(backend);
    const { overall } = load;
    print(
      `many users: ${load.users} signed-in users, one request each ~5 s (${fmt(load.arrivalsPerSecond, 1)} arrivals/s over ${fmt(load.seconds, 0)} s), ingest at the demo fleet's burst (${DEMO_DEVICES} devices in a minute, ${fmt(load.ingest.perSecond, 1)} msg/s: ${load.ingest.sent} stored, ${load.ingest.failed} failed${
        load.ingest.failed > 0
          ? ` (${Object.entries(load.ingest.failures)
              .map(([what, n]) => `${n} ${what}`)
              .join(', ')})`
          : ''
      }, p99 ${ms(load.ingest.p99)} ms)`,
    );
    print(
      `many users, all ${overall.count} requests: p50 ${ms(overall.p50)} ms, p95 ${ms(overall.p95)} ms, p99 ${ms(overall.p99)} ms (target p99 < 200 ms) ${overall.p99 < 200 ? '✅' : '❌'}; in the server p99 ${ms(overall.serverP99)} ms; ${load.errors} not 200; client lag p99 ${ms(load.clientLagP99)} ms`,
    );
    for (const e of load.endpoints) {
      print(
        `  ${e.name.padEnd(24)} n ${String(e.count).padStart(4)}  p50 ${ms(e.p50).padStart(5)}  p95 ${ms(e.p95).padStart(5)}  p99 ${ms(e.p99).padStart(5)} ms  (server p99 ${ms(e.serverP99)}; alone p50 ${fmt(e.aloneP50)})`,
      );
    }
    print(
      `many users, where the time went: event-loop delay p50 ${fmt(load.eventLoop.p50)} ms, p99 ${fmt(load.eventLoop.p99)} ms, max ${fmt(load.eventLoop.max)} ms; event loop busy ${fmt(load.eventLoopUtilisation * 100, 0)} % of the time; server CPU ${fmt(load.cpuMsPerRequest, 2)} ms per answer; database statements ${fmt(load.dbBusyShare * 100, 0)} % of the wall time`,
    );
    for (const s of load.dbStatements) print(`  db ${ms(s.totalMs).padStart(6)} ms in ${String(s.count).padStart(5)} × ${s.sql}`);
    const c = load.closed;
    print(
      `closed loop, ${c.clients} clients back to back: the mix ${fmt(c.mixPerSecond, 0)} req/s, /healthz ${fmt(c.trivialPerSecond, 0)} req/s; ratio ${fmt(c.ratio, 2)}${c.failed > 0 ? `; ${c.failed} not 200` : ''}; server CPU per answer ${fmt(c.mixCpuMs, 2)} ms against ${fmt(c.trivialCpuMs, 3)} ms, ratio ${fmt(c.mixCpuMs / c.trivialCpuMs, 1)}`,
    );
  } finally {
    await backend.dispose();
  }
}

/** Issue 19's tracking budgets, each beside its baseline, on a database of its own. */
async function runTracking(backend: BenchBackend): Promise<void> {
  const { app, graph, tokenFor } = await benchApp(backend.db);
  const print = (line: string) => process.stdout.write(`[${backend.name}] ${line}\n`);
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  try {
    const fleetUser = { authorization: `Bearer ${await tokenFor('bench-fleet-user', 'fleetco')}`, tenant: 'fleetco' };
    if (TRACKING.includes('seed')) {
      const seed = await benchDemoSeed(backend, app, graph, TRACKING_SEED_DAYS, fleetUser);
      print(
        `tracking demo seed: ${seed.days} days of FleetCo (${seed.messages} messages) in ${fmt(seed.seedSeconds, 0)} s, ${fmt(seed.messages / seed.seedSeconds, 0)} msg/s through the ingest service; generating them alone ${fmt(seed.generateSeconds, 1)} s; ratio ${fmt(seed.seedSeconds / seed.generateSeconds, 1)}; a user meanwhile (${seed.answers} requests back to back) waited p50 ${fmt(seed.answerP50Ms)} ms, p95 ${fmt(seed.answerP95Ms)} ms, max ${fmt(seed.answerMaxMs, 0)} ms`,
      );
    }
    if (TRACKING.includes('ingest')) {
      const ingest = await benchTrackingIngest(backend, app, INGEST_MESSAGES, INGEST_SENDERS);
      const ratio = (perSecond: number) => fmt(perSecond / ingest.copyPerSecond, 2);
      print(
        `tracking ingest against ${ingest.pois} POIs (${ingest.trackers} trackers, ${ingest.fixes} fixes, half in POIs), 1 sender: ${fmt(ingest.sequential, 0)} fixes/s (target ≥ 10,000 on PostgreSQL) ${mark(ingest.sequential >= 10_000)}; raw COPY ${fmt(ingest.copyPerSecond, 0)} rows/s; ratio ${ratio(ingest.sequential)}`,
      );
      if (ingest.parallel !== null)
        print(
          `tracking ingest, ${ingest.senders} senders, each its own trackers: ${fmt(ingest.parallel, 0)} fixes/s; ratio to COPY ${ratio(ingest.parallel)}`,
        );
    }
    if (TRACKING.includes('list')) {
      const headers = { authorization: `Bearer ${await tokenFor('bench-user', 'bench-list')}`, tenant: 'bench-list' };
      const list = await benchDevicesList(backend, app, headers);
      print(
        `devices list (${list.rows} trackers): p50 ${fmt(list.p50)} ms, p95 ${fmt(list.p95)} ms (target < 150 ms on PostgreSQL) ${mark(list.p95 < 150)}; a trivial authenticated endpoint p50 ${fmt(list.trivialP50)} ms, p95 ${fmt(list.trivialP95)} ms; ratio p95 ${fmt(list.p95 / list.trivialP95, 1)}`,
      );
    }
  } finally {
    await app.close();
    await backend.dispose();
  }
}

/** The devices map of 10,000 trackers in Chromium against the real server (PostgreSQL). */
async function runWebTracking(): Promise<void> {
  const print = (line: string) => process.stdout.write(`[web] ${line}\n`);
  if (!webBuildExists()) {
    print('skipped: no build of the web app (npm run build)');
    return;
  }
  const backend = await connectPostgres('web');
  if (!backend) return;
  try {
    const map = await benchWebDevices(backend);
    if (map === null) {
      print('devices map: skipped, /devices shows no devices-map in this build');
      return;
    }
    print(
      `devices map of ${map.trackers} trackers: first clusters p50 ${fmt(map.clustersP50Ms, 0)} ms, max ${fmt(map.clustersMaxMs, 0)} ms after navigation (target ≤ 1,000) ${map.clustersP50Ms <= 1000 ? '✅' : '❌'}; the app's first paint p50 ${fmt(map.firstPaintP50Ms, 0)} ms; ratio ${fmt(map.clustersP50Ms / map.firstPaintP50Ms, 1)}`,
    );
    print(
      `devices map panning (${map.pans} drags): ${map.panLongTasks} long tasks, the longest ${fmt(map.panLongestTaskMs, 0)} ms (target ≤ 50) ${map.panLongestTaskMs <= 50 ? '✅' : '❌'}`,
    );
  } finally {
    await backend.dispose();
  }
}

async function runWeb(): Promise<void> {
  const print = (line: string) => process.stdout.write(`[web] ${line}\n`);
  if (!webBuildExists()) {
    print('skipped: no build of the web app (npm run build)');
    return;
  }
  const backend = await connectPostgres('web');
  if (!backend) return;
  try {
    const web = await benchWeb(backend);
    print(
      `shell first-load JavaScript: ${fmt(web.shellJsGzipBytes / 1024)} KB gzipped in ${web.shellFiles} files; screens in the shell: ${web.screenChunks.length === 0 ? 'none (each its own chunk)' : web.screenChunks.join(', ')}`,
    );
    const { feel } = web;
    const runs = (pick: (run: (typeof feel.runs)[number]) => number) => feel.runs.map((run) => fmt(pick(run), 0)).join(', ');
    print(
      `as a user feels it (1.6 Mbit/s, 150 ms round trip, 4x CPU slowdown, cold cache, signed in, /assets on a phone screen), median of ${feel.runs.length}: largest contentful paint ${fmt(feel.lcpMedianMs, 0)} ms (budget 2,500; runs ${runs((r) => r.lcpMs)}; element ${feel.runs[0]?.lcpElement ?? '?'}), INP ${fmt(feel.inpMedianMs, 0)} ms (budget 200; runs ${runs((r) => r.inpMs)}), total blocking time ${fmt(feel.tbtMedianMs, 0)} ms (runs ${runs((r) => r.tbtMs)})`,
    );
    print(
      `assets screen with ${web.devices} devices: interactive p50 ${fmt(web.interactiveP50Ms, 0)} ms, max ${fmt(web.interactiveMaxMs, 0)} ms after navigation`,
    );
    print(
      `scrolling all ${web.scrolledRows} rows: ${web.scrollLongTasks} long tasks, the longest ${fmt(web.scrollLongestTaskMs, 0)} ms (budget: none over 50 ms)`,
    );
    print(
      `map of ${web.devices} devices: first clusters ${fmt(web.mapClustersMs, 0)} ms after scrolling to it; ${web.mapLongTasks} long tasks while it filled, the longest ${fmt(web.mapLongestTaskMs, 0)} ms`,
    );
    print(
      `year-long asset chart (${web.yearChart.pointsPerPanel}+ points per panel, 5 panels): drawn p50 ${fmt(web.yearChart.p50Ms, 0)} ms, max ${fmt(web.yearChart.maxMs, 0)} ms after the Charts tab opens (budget: 600 ms); longest task ${fmt(web.yearChart.longestTaskMs, 0)} ms`,
    );
  } finally {
    await backend.dispose();
  }
}

/** A fresh bench database on the PostgreSQL server, or null (and a line saying so) when there is none. */
async function connectPostgres(part: string): Promise<(BenchBackend & { url: string }) | null> {
  try {
    return await postgresBackend(postgresUrl);
  } catch (error) {
    process.stdout.write(
      `[${part}] skipped: no PostgreSQL server at ${postgresUrl} (${error instanceof Error ? error.message : String(error)})\n`,
    );
    return null;
  }
}

/** Issue 20's load-model budgets, each beside its baseline; no database, so whatever BENCH_BACKENDS says. */
function runLoadModels(): void {
  const print = (line: string) => process.stdout.write(`[load-models] ${line}\n`);
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const b = benchLoadModels();
  print(
    `fleet analysis of ${b.transformers} transformers (EV + HP to 2030, extreme day on, expected EV load): median ${fmt(b.fleetMedianMs, 0)} ms, max ${fmt(b.fleetMaxMs, 0)} ms (target < 2,000) ${mark(b.fleetMaxMs < 2000)}; conservative EV load median ${fmt(b.conservativeMedianMs, 0)} ms; the same loop doing only the base-load peak ${fmt(b.baselineMedianMs, 1)} ms; ratio ${fmt(b.fleetMedianMs / b.baselineMedianMs, 0)}; ${b.overCapacityBy2030} over capacity by 2030`,
  );
  print(
    `one transformer's what-if (prepare + full explanation, conservative EV load): median ${fmt(b.whatIfMedianMs, 2)} ms, max ${fmt(b.whatIfMaxMs, 2)} ms (target < 50) ${mark(b.whatIfMaxMs < 50)}; its base-load peak alone ${fmt(b.whatIfBaselineMedianMs, 4)} ms`,
  );
}

/** Issue 20's fleet analysis endpoint on PostgreSQL: 10,000 transformers end to end, beside the SQL of its inputs. */
async function runLoadPlanning(backend: BenchBackend): Promise<void> {
  const { app, tokenFor } = await benchApp(backend.db);
  const print = (line: string) => process.stdout.write(`[load-planning] ${line}\n`);
  const headers = { authorization: `Bearer ${await tokenFor('planner', 'planning')}`, tenant: 'planning' };
  try {
    const b = await benchLoadPlanning(backend, app, headers);
    print(
      `fleet analysis endpoint, ${b.rows} transformers (EV + HP to 2030), uncached: median ${fmt(b.uncachedP50, 0)} ms, max ${fmt(b.uncachedMax, 0)} ms (target < 2,000) ${b.uncachedMax < 2000 ? '✅' : '❌'}; first run (starts the worker) ${fmt(b.firstMs, 0)} ms; cached ${fmt(b.cachedP50, 0)} ms; its inputs' bare SQL ${fmt(b.sqlP50, 0)} ms; ratio ${fmt(b.uncachedP50 / b.sqlP50, 2)}`,
    );
    print(
      `a small request during a fleet analysis: median ${fmt(b.smallDuringP50, 1)} ms, max ${fmt(b.smallDuringMax, 1)} ms; alone ${fmt(b.smallAloneP50, 1)} ms`,
    );
  } finally {
    await app.close();
    await backend.dispose();
  }
}

if (PARTS.includes('load-models')) runLoadModels();

/** Issue 20's engineering budget, beside a plain pass over the same arrays. */
function runThermal(): void {
  const t = benchThermal();
  process.stdout.write(
    `[domain] a year of 15-minute loss of life for one transformer (${t.samples} samples: thermal model, ageing, loss of life), ${t.runs} runs: p50 ${fmt(t.p50Ms, 2)} ms, p95 ${fmt(t.p95Ms, 2)} ms (budget < 20 ms) ${t.p95Ms < 20 ? '✅' : '❌'}; a plain loop summing the same arrays p50 ${fmt(t.baselineP50Ms, 3)} ms; ratio ${fmt(t.p50Ms / t.baselineP50Ms, 1)}; loss of life ${fmt(t.lossOfLifeDays, 1)} days, hottest hot spot ${fmt(t.maxHotSpotC, 1)} °C\n`,
  );
}

if (PARTS.includes('thermal')) runThermal();

/** Issue 29's delivery budgets, each beside a baseline of the same run. */
async function runReportDelivery(): Promise<void> {
  const r = await benchReportDelivery();
  const print = (line: string) => process.stdout.write(`[report-delivery] ${line}\n`);
  print(
    `CSV + XLSX of a report, ${r.sheets} sheets × ${r.rowsPerSheet} rows: p50 ${fmt(r.spreadsheetsP50Ms, 0)} ms (target ≤ 1,000) ${r.spreadsheetsP50Ms <= 1000 ? '✅' : '❌'}; JSON.stringify of the same tables ${fmt(r.jsonP50Ms, 1)} ms; ratio ${fmt(r.spreadsheetsP50Ms / r.jsonP50Ms, 0)}`,
  );
  print(
    `PDF of a report page (${r.sheets} × ${r.rowsPerSheet} table rows, ${fmt(r.pdfBytes / 1024, 0)} KB): median ${fmt(r.pdfP50Ms, 0)} ms (target ≤ 5,000) ${r.pdfP50Ms <= 5000 ? '✅' : '❌'}; a one-line page ${fmt(r.tinyPdfP50Ms, 0)} ms; ratio ${fmt(r.pdfP50Ms / r.tinyPdfP50Ms, 1)}; the browser's launch with the first page ${fmt(r.pdfLaunchMs, 0)} ms; Chromium processes left after close: ${r.chromiumLeft} ${r.chromiumLeft === 0 ? '✅' : '❌'}`,
  );
}

if (PARTS.includes('report-delivery')) await runReportDelivery();

/** Issue 30's budgets on PostgreSQL: a national programme's dashboard figures and its import, each beside its baseline. */
async function runRollout(backend: BenchBackend): Promise<void> {
  const { app, tokenFor } = await benchApp(backend.db);
  const print = (line: string) => process.stdout.write(`[rollout] ${line}\n`);
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  try {
    const r = await benchRollout(backend, app, tokenFor);
    print(`a national programme: ${r.sites} sites, 10 planner groups, ${r.devices} monitors, ${r.history} status changes`);
    for (const f of r.figures) {
      print(
        `dashboard ${f.name}: p50 ${fmt(f.p50, 0)} ms, p95 ${fmt(f.p95, 0)} ms (target ≤ 300) ${mark(f.p95 <= 300)}; the sites' bare aggregate p50 ${fmt(r.sqlP50, 0)} ms, p95 ${fmt(r.sqlP95, 0)} ms; ratio p95 ${fmt(f.p95 / r.sqlP95, 1)}`,
      );
    }
    print(
      `import of ${r.importRows} sites from one CSV through the API: ${fmt(r.importSeconds, 1)} s (target ≤ 30) ${mark(r.importSeconds <= 30)}; a raw COPY of the same rows ${fmt(r.copySeconds, 2)} s; ratio ${fmt(r.importSeconds / r.copySeconds, 0)}`,
    );
  } finally {
    await app.close();
    await backend.dispose();
  }
}

/** Issue 29's budgets on the real server: the demo's fleet report, and 50 schedules due at once beside the settings' baseline. */
async function runReportRunner(backend: BenchBackend & { url: string }): Promise<void> {
  const print = (line: string) => process.stdout.write(`[report-runner] ${line}\n`);
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  try {
    const r = await benchReportRunner(backend);
    print(
      `weekly fleet report of ${r.trackers} trackers, CSV + XLSX downloads: p50 ${fmt(r.spreadsheetsP50Ms, 0)} ms (target ≤ 1,000) ${mark(r.spreadsheetsP50Ms <= 1000)}; the same report as JSON ${fmt(r.jsonP50Ms, 0)} ms; ratio ${fmt(r.spreadsheetsP50Ms / r.jsonP50Ms, 1)}`,
    );
    print(
      `the same report's PDF from its page (${r.pdfPages} A4 pages): median ${fmt(r.pdfP50Ms, 0)} ms (target ≤ 5,000) ${mark(r.pdfP50Ms <= 5000)}; a one-line page ${fmt(r.tinyPdfP50Ms, 0)} ms; ratio ${fmt(r.pdfP50Ms / r.tinyPdfP50Ms, 1)}`,
    );
    for (const d of r.deliveries) {
      const delivered = d.emailsReceived === r.emailsExpected && d.runsSent === r.schedules && d.lastSentAfterMs <= 300_000;
      print(
        `${r.schedules} schedules due in one minute (PDF + CSV + XLSX, 2 recipients each), sent ${d.where}: ${d.runsSent} runs sent, ${d.emailsReceived} of ${r.emailsExpected} emails received, the last ${fmt(d.lastSentAfterMs / 1000, 1)} s after the due minute (target ≤ 300 s) ${mark(delivered)}`,
      );
      for (const s of d.settings) {
        const ok = s.duringP99 <= 200 && s.duringP99 <= 2 * s.baselineP99;
        print(
          `  settings endpoints meanwhile, ${s.name}: p99 ${fmt(s.duringP99, 0)} ms (${s.count} requests) against ${fmt(s.baselineP99, 0)} ms before any report (${r.baselineCount} requests in all); ratio ${fmt(s.duringP99 / s.baselineP99, 2)} (target ≤ 200 ms and ≤ 2×) ${mark(ok)}`,
        );
      }
      print(`  the users' server's event-loop delay meanwhile: p99 ${fmt(d.eventLoop.p99, 0)} ms, max ${fmt(d.eventLoop.max, 0)} ms`);
    }
    print(
      `settings requests not answered 200: ${r.settingsErrors}; Chromium processes left after the server's close: ${r.chromiumLeft} ${mark(r.chromiumLeft === 0)}`,
    );
  } finally {
    await backend.dispose();
  }
}
if (BACKENDS.includes('pglite')) {
  if (PARTS.includes('throughput')) await run(await pgliteBackend());
  if (PARTS.includes('load')) await runLoad(await pgliteBackend());
  if (PARTS.includes('tracking')) await runTracking(await pgliteBackend());
}
if (BACKENDS.includes('postgres')) {
  if (PARTS.includes('throughput')) {
    const postgres = await connectPostgres('postgres');
    if (postgres) await run(postgres);
  }
  if (PARTS.includes('load')) {
    const postgres = await connectPostgres('postgres');
    if (postgres) await runLoad(postgres);
  }
  if (PARTS.includes('tracking')) {
    const postgres = await connectPostgres('postgres');
    if (postgres) await runTracking(postgres);
  }
  if (PARTS.includes('load-planning')) {
    const postgres = await connectPostgres('load-planning');
    if (postgres) await runLoadPlanning(postgres);
  }
  if (PARTS.includes('report-runner')) {
    const postgres = await connectPostgres('report-runner');
    if (postgres) await runReportRunner(postgres);
  }
  if (PARTS.includes('rollout')) {
    const postgres = await connectPostgres('rollout');
    if (postgres) await runRollout(postgres);
  }
}
if (BACKENDS.includes('web')) {
  if (PARTS.includes('throughput') || PARTS.includes('load')) await runWeb();
  if (PARTS.includes('tracking')) await runWebTracking();
}
