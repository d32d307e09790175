// Many users at once (issue 18): an open model of signed-in users reading the portal while the demo fleet
// reports, then the closed-loop throughput of the same mix against a trivial endpoint, both on a real socket.
import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance as nodePerformance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import type { Database, Queryable } from '../../apps/server/src/db/database';
import { DEMO_FLEET_SIZE } from '../../apps/server/src/demo/demo-fleet';
import { DEMO_INGEST_KEYS, demoFleets, ingestServiceSender, seedDemoPowerData } from '../../apps/server/src/demo/demo-power-seed';
import { POSITION_INTERVAL_MS, seedDemoTracking } from '../../apps/server/src/demo/demo-tracking';
import { DEMO_TRACKERS } from '../../apps/server/src/demo/demo-tracking-fleet';
import { assetsApi } from '@gridlens/contract/assets';
import { configApi } from '@gridlens/contract/config';
import { coverageApi } from '@gridlens/contract/coverage';
import { powerQualityApi } from '@gridlens/contract/power-quality';
import { healthApi } from '@gridlens/contract/health';
import { ingestApi } from '@gridlens/contract/ingest';
import { powerAlertsApi } from '@gridlens/contract/alerts';
import { powerReadingsApi } from '@gridlens/contract/power-readings';
import { urlOf } from '@gridlens/contract/route';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingAlertsApi } from '@gridlens/contract/tracking-alerts';
import { benchApp, percentile, type BenchBackend, maintainTables } from './bench-support';
import type { IngestPlan, LoadCommand, LoadRequest, LoadResult, LoadUser, Sample } from './load-client';

const USERS = Number(process.env['BENCH_LOAD_USERS'] ?? 200);
/** Each user's mean time between requests: 200 users every 5 s make about 40 arrivals a second. */
const INTERVAL_MS = Number(process.env['BENCH_LOAD_INTERVAL_MS'] ?? 5000);
const OPEN_SECONDS = Number(process.env['BENCH_LOAD_SECONDS'] ?? 60);
const CLOSED_CLIENTS = Number(process.env['BENCH_LOAD_CLOSED_CLIENTS'] ?? 200);
const CLOSED_SECONDS = Number(process.env['BENCH_LOAD_CLOSED_SECONDS'] ?? 10);
const ALONE_ROUNDS = 15;
const HISTORY_DAYS = Number(process.env['BENCH_LOAD_HISTORY_DAYS'] ?? 7);

/**
 * The demo fleet's burst: every device of the demo (NetZero's 300 and GridWest's 24 transformers, FleetCo's 500
 * trackers) reports every 15 minutes. The simulator staggers them, but devices whose clocks align on the quarter
 * hour all report in the same minute: 824 messages in 60 s, 13.7 a second, each device POSTing its own message
 * under its tenant's key. The bench holds that worst minute for the whole run.
 */
export const DEMO_DEVICES = DEMO_FLEET_SIZE + 24 + DEMO_TRACKERS.length;
export const BURST_PER_SECOND = DEMO_DEVICES / 60;

/** Where the time of the database went, per statement (its first words), while the open model ran. */
interface DbTimes {
  db: Database;
  reset(): void;
  report(): { totalMs: number; statements: { sql: string; count: number; totalMs: number }[] };
}

/** Wraps the database to time each statement (for PGlite, queueing behind the one connection included). */
function timedDatabase(inner: Database): DbTimes {
  let times = new Map<string, { count: number; totalMs: number }>();
  const timed =
    (target: Queryable): Queryable['query'] =>
    async (sql, params) => {
      const start = performance.now();
      try {
        return await target.query(sql, params);
      } finally {
        const key = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
        const entry = times.get(key) ?? { count: 0, totalMs: 0 };
        entry.count += 1;
        entry.totalMs += performance.now() - start;
        times.set(key, entry);
      }
    };
  const db: Database = {
    kind: inner.kind,
    query: timed(inner),
    transaction: (work) => inner.transaction((tx) => work({ query: timed(tx) })),
    close: () => inner.close(),
  };
  return {
    db,
    reset: () => (times = new Map()),
    report: () => {
      const statements = [...times.entries()].map(([sql, t]) => ({ sql, ...t })).sort((a, b) => b.totalMs - a.totalMs);
      return { totalMs: statements.reduce((sum, s) => sum + s.totalMs, 0), statements };
    },
  };
}

/** The portal's reads as each kind of user makes them, weighted by how often its screens ask (page loads read the settings). */
function powerMix(headers: Record<string, string>, devices: string[]): LoadUser['requests'] {
  const device = () => devices[Math.floor(Math.random() * devices.length)]!;
  const r = (name: string, path: string, weight: number) => ({
    request: { name, path, headers: { ...headers, 'x-load-name': name } } satisfies LoadRequest,
    weight,
  });
  // One device per user: the detail screens read the same device as a user opens it.
  const d = device();
  return [
    r('assets list', urlOf(assetsApi.list, {}, { num_days: 1 }), 3),
    r('asset detail', urlOf(assetsApi.item, { DeviceID: d }), 2),
    r('messages', urlOf(powerReadingsApi.messages, { device_id: d }, { range: '24h' }), 1),
    r('chart 7d', urlOf(powerReadingsApi.chart, { id: d }, { range: '7d' }), 2),
    r('daily trends', urlOf(powerReadingsApi.dailyTrends, { id: d }, { range: '28d' }), 1),
    r('fleet stats', urlOf(powerReadingsApi.fleetStats, { duration: '24h' }), 1),
    r('issue timeline', urlOf(powerReadingsApi.issueTimeline, { duration: '7d' }), 1),
    r('fleet totals', urlOf(powerReadingsApi.fleetTotals, { duration: '7d' }), 1),
    r('power report', urlOf(powerReadingsApi.dayReport), 1),
    r('events', urlOf(powerQualityApi.events, { device_id: d }), 0.5),
    r('coverage', urlOf(coverageApi.coverage), 0.5),
    r('watchlist', urlOf(assetsApi.watchlist), 1),
    r('power alerts active', urlOf(powerAlertsApi.active), 1),
    r('power alert rules', urlOf(powerAlertsApi.list), 0.5),
    r('tenant settings', urlOf(configApi.tenantSettings), 2),
    r('sections', urlOf(configApi.sections), 1),
    r('user settings', urlOf(configApi.userSettings), 1),
  ];
}

function trackingMix(headers: Record<string, string>): LoadUser['requests'] {
  const r = (name: string, path: string, weight: number) => ({
    request: { name, path, headers: { ...headers, 'x-load-name': name } } satisfies LoadRequest,
    weight,
  });
  return [
    r('trackers', urlOf(trackingApi.devices), 3),
    r('locations', urlOf(trackingApi.locations), 3),
    r('tracking alerts active', urlOf(trackingAlertsApi.active), 1),
    r('tracking alert rules', urlOf(trackingAlertsApi.list), 0.5),
    r('tenant settings', urlOf(configApi.tenantSettings), 2),
    r('sections', urlOf(configApi.sections), 1),
    r('user settings', urlOf(configApi.userSettings), 1),
  ];
}

/** The lists' items taken in turn, each list spread evenly over the whole (a list twice as long comes twice as often). */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  return lists
    .flatMap((list) => list.map((item, i) => ({ item, at: (i + 0.5) / list.length })))
    .sort((a, b) => a.at - b.at)
    .map(({ item }) => item);
}

/** The load client in a process of its own (load-client.ts). */
export function startClient(): ChildProcess {
  return fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), { execArgv: process.execArgv });
}

/** One phase of the load client, and its result. */
export function command(client: ChildProcess, cmd: LoadCommand): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    client.once('message', (result) => {
      client.off('error', reject);
      resolve(result as LoadResult);
    });
    client.once('error', reject);
    client.send(cmd);
  });
}

export interface EndpointFigures {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  serverP99: number;
  /** The endpoint alone (one request at a time, no other load): median of ALONE_ROUNDS, ms. */
  aloneP50: number;
}

export interface LoadFigures {
  users: number;
  arrivalsPerSecond: number;
  seconds: number;
  overall: EndpointFigures;
  endpoints: EndpointFigures[];
  errors: number;
  clientLagP99: number;
  /** `failures`: what each failed message got (an HTTP status or the client's error code), and how many. */
  ingest: { perSecond: number; sent: number; failed: number; failures: Record<string, number>; p99: number };
  eventLoop: { p50: number; p99: number; max: number };
  dbBusyShare: number;
  dbStatements: { sql: string; count: number; totalMs: number }[];
  /** CPU time of the server's process per answer while the open model ran (ingest included), ms. */
  cpuMsPerRequest: number;
  eventLoopUtilisation: number;
  closed: {
    clients: number;
    mixPerSecond: number;
    trivialPerSecond: number;
    ratio: number;
    failed: number;
    /** The server process's CPU time per answer of the mix, and of the trivial endpoint, ms. */
    mixCpuMs: number;
    trivialCpuMs: number;
  };
}

/** The demo tenants filled with HISTORY_DAYS of history through the ingest path, then the load (see docs/performance.md). */
export async function benchLoad(backend: BenchBackend): Promise<LoadFigures> {
  const timedDb = timedDatabase(backend.db);
  const { app, graph, tokenFor } = await benchApp(timedDb.db);
  // Server-side time of each answer, from the request's arrival on the socket to its last byte, per endpoint
  // (the client names it in a header): the difference to the client's figure is time queued outside the server.
  const serverTimes = new Map<string, number[]>();
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const name = request.headers['x-load-name'];
    if (typeof name !== 'string') return;
    const start = performance.now();
    response.on('finish', () => {
      const list = serverTimes.get(name) ?? [];
      list.push(performance.now() - start);
      serverTimes.set(name, list);
    });
  });
  const log = pino({ level: 'warn' });
  const send = ingestServiceSender(graph.ingest.service, log);
  const nowMs = Date.now();
  await seedDemoPowerData(graph, send, nowMs, HISTORY_DAYS);
  await seedDemoTracking(graph, send, nowMs, HISTORY_DAYS);
  await maintainTables(timedDb.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Users: NetZero (300 transformers) the most, GridWest (24) and FleetCo (tracking) fewer, each its own token.
  const fleets = Object.fromEntries(demoFleets().map((f) => [f.tenantId, f.devices.map((d) => d.registration.device_id)]));
  const users: LoadUser[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const tenant = i % 10 < 6 ? 'netzero' : i % 10 < 7 ? 'gridwest' : 'fleetco';
    const headers = { authorization: `Bearer ${await tokenFor(`load-user-${i}`, tenant)}`, tenant, 'accept-encoding': 'gzip, deflate, br' };
    const requests = tenant === 'fleetco' ? trackingMix(headers) : powerMix(headers, fleets[tenant] ?? []);
    users.push({ requests });
  }
  // Every device of the demo in turn, each sending what it sends under its own tenant's key: the transformers their
  // readings, FleetCo's trackers their positions (before, the trackers' share of the burst went out as more
  // readings of NetZero's and GridWest's transformers, 763 a minute under NetZero's key alone). Interleaved, so
  // that a run shorter than a minute still sends every tenant's share.
  const firstSeq = Math.floor(nowMs / POSITION_INTERVAL_MS);
  const byTenant: IngestPlan['devices'][] = [
    ...Object.entries(fleets).map(([tenant, ids]) =>
      ids.map((deviceId) => ({ key: DEMO_INGEST_KEYS[tenant]!, deviceId, kind: 'transformer' as const, nextSeq: firstSeq })),
    ),
    DEMO_TRACKERS.map((t) => ({ key: DEMO_INGEST_KEYS['fleetco']!, deviceId: t.device_id, kind: 'position' as const, nextSeq: firstSeq })),
  ];
  const ingest: IngestPlan = {
    perSecond: BURST_PER_SECOND,
    path: urlOf(ingestApi.messages),
    devices: interleave(byTenant),
  };

  const client = startClient();
  try {
    const mix = users.flatMap((u) => u.requests);
    // Warm-up: every route compiled, caches and first pages filled.
    await command(client, { kind: 'closed', baseUrl, concurrency: 8, durationMs: 3000, requests: mix });

    timedDb.reset();
    serverTimes.clear();
    const profile = process.env['BENCH_LOAD_PROFILE'] ? await startProfile(process.env['BENCH_LOAD_PROFILE']) : null;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const eluBefore = nodePerformance.eventLoopUtilization();
    const open = await command(client, { kind: 'open', baseUrl, users, intervalMs: INTERVAL_MS, durationMs: OPEN_SECONDS * 1000, ingest });
    const wallMs = performance.now() - started;
    const openCpu = process.cpuUsage(cpuBefore);
    const openElu = nodePerformance.eventLoopUtilization(eluBefore).utilization;
    delay.disable();
    if (open.kind !== 'open') throw new Error('the load client answered the wrong phase');
    const db = timedDb.report();
    const serverOpen = new Map([...serverTimes].map(([name, times]) => [name, [...times]])); // not the closed loop's
    await profile?.stop();

    // Closed loop, in turns: the mix, then /healthz (the trivial endpoint: no token, no database), twice.
    const trivial = [{ request: { name: 'healthz', path: urlOf(healthApi.live), headers: {} }, weight: 1 }];
    // CPU time of this process (the server; with PGlite the database too) per answer: on a shared machine it
    // varies far less than throughput does, which counts the other processes' share of the cores too.
    const closed = { mix: { done: 0, s: 0, cpuMs: 0 }, trivial: { done: 0, s: 0, cpuMs: 0 }, failed: 0 };
    for (let round = 0; round < 2; round += 1) {
      for (const [name, requests] of [
        ['mix', mix],
        ['trivial', trivial],
      ] as const) {
        const cpu = process.cpuUsage();
        const result = await command(client, {
          kind: 'closed',
          baseUrl,
          concurrency: CLOSED_CLIENTS,
          durationMs: CLOSED_SECONDS * 1000,
          requests,
        });
        if (result.kind !== 'closed') throw new Error('the load client answered the wrong phase');
        const used = process.cpuUsage(cpu);
        closed[name].cpuMs += (used.user + used.system) / 1000;
        closed[name].done += result.completed;
        closed[name].s += result.seconds;
        closed.failed += result.failed;
      }
    }

    // Each endpoint alone, one request at a time: its service time, what the server spends on one answer.
    const alone = new Map<string, number[]>();
    const distinct = new Map(mix.map((m) => [m.request.name, m.request]));
    for (let round = 0; round < ALONE_ROUNDS; round += 1) {
      for (const request of distinct.values()) {
        const result = await command(client, {
          kind: 'closed',
          baseUrl,
          concurrency: 1,
          durationMs: 0,
          requests: [{ request, weight: 1 }],
        });
        if (result.kind !== 'closed') throw new Error('the load client answered the wrong phase');
        const list = alone.get(request.name) ?? [];
        list.push(result.seconds * 1000);
        alone.set(request.name, list);
      }
    }

    const figures = (name: string, samples: Sample[], server: number[]): EndpointFigures => {
      const latencies = samples.map((s) => s[1]);
      return {
        name,
        count: samples.length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        serverP99: percentile(server, 99),
        aloneP50: percentile(alone.get(name) ?? [], 50),
      };
    };
    const byName = new Map<string, Sample[]>();
    for (const sample of open.samples) {
      const list = byName.get(sample[0]) ?? [];
      list.push(sample);
      byName.set(sample[0], list);
    }
    const mixPerSecond = closed.mix.done / closed.mix.s;
    const trivialPerSecond = closed.trivial.done / closed.trivial.s;
    return {
      users: USERS,
      arrivalsPerSecond: open.samples.length / (wallMs / 1000),
      seconds: wallMs / 1000,
      overall: figures('all', open.samples, [...serverOpen.values()].flat()),
      endpoints: [...byName.entries()]
        .map(([name, samples]) => figures(name, samples, serverOpen.get(name) ?? []))
        .sort((a, b) => b.p99 - a.p99),
      errors: open.samples.filter((s) => s[3] !== 200).length,
      clientLagP99: percentile(
        open.samples.map((s) => s[2]),
        99,
      ),
      ingest: {
        perSecond: BURST_PER_SECOND,
        sent: open.ingest.sent,
        failed: open.ingest.failed,
        failures: open.ingest.failures,
        p99: percentile(open.ingest.latencies, 99),
      },
      eventLoop: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      dbBusyShare: db.totalMs / wallMs,
      dbStatements: db.statements.slice(0, 8),
      cpuMsPerRequest: (openCpu.user + openCpu.system) / 1000 / (open.samples.length + open.ingest.sent),
      eventLoopUtilisation: openElu,
      closed: {
        clients: CLOSED_CLIENTS,
        mixPerSecond,
        trivialPerSecond,
        ratio: mixPerSecond / trivialPerSecond,
        failed: closed.failed,
        mixCpuMs: closed.mix.cpuMs / closed.mix.done,
        trivialCpuMs: closed.trivial.cpuMs / closed.trivial.done,
      },
    };
  } finally {
    client.kill();
    await app.close();
  }
}

/** BENCH_LOAD_PROFILE=file.cpuprofile: a CPU profile of the server's process while the open model runs (Chrome DevTools opens it). */
export async function startProfile(file: string): Promise<{ stop: () => Promise<void> }> {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
