import type { ModuleGraph } from '../../apps/server/src/module-graph';
// Issue 19's tracking budgets on one database: position fixes placed against 5,000 POIs (against a raw COPY of the
// same rows), the devices list of a tenant with 10,000 trackers (against a trivial authenticated endpoint), and
// how long FleetCo's demo history takes to seed (against generating its messages alone).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Answer } from '@gridlens/contract/endpoint';
import { configApi } from '@gridlens/contract/config';
import { ingestApi } from '@gridlens/contract/ingest';
import { urlOf } from '@gridlens/contract/route';
import { trackingApi } from '@gridlens/contract/tracking';
import { DAY_MS } from '@gridlens/domain/time-range';
import { ingestServiceSender } from '../../apps/server/src/demo/demo-power-seed';
import { seedDemoTracking, trackingMessages } from '../../apps/server/src/demo/demo-tracking';
import { createIngestKeysRepository } from '../../apps/server/src/modules/ingest/ingest-keys.repository';
import { createIngestKeysService } from '../../apps/server/src/modules/ingest/ingest-keys.service';
import { percentile, timeInTurns, type BenchBackend, maintainTables } from './bench-support';
import { fillTrackers } from './bench-tracking-fill';

const POIS = 5_000;
const TRACKERS = 2_000;
const BATCH = 5_000;
const LIST_TRACKERS = 10_000;

/** A tracking tenant of the bench's own. */
export async function addTrackingTenant(db: BenchBackend['db'], id: string): Promise<void> {
  await db.query("INSERT INTO tenants (id, name, type, tabs) VALUES ($1, $1, 'tracking', '[]') ON CONFLICT DO NOTHING", [id]);
}

/**
 * 5,000 POIs on a grid over Ireland (about 3.5 km apart, 100–400 m radii, every tenth a square polygon) and the
 * trackers T-0 … T-1999, made in SQL (not the subject here).
 */
async function fillPois(db: BenchBackend['db'], tenant: string): Promise<void> {
  await db.query(
    `INSERT INTO locations (tenant_id, location_id, full_name, location_type, latitude, longitude, radius_m, shape, polygon)
     SELECT $1, 'P-' || g, 'POI ' || g, CASE WHEN g % 3 = 0 THEN 'Friendly' ELSE 'Non-Friendly' END,
            51.6 + (g / 50) * 0.032, -10.0 + (g % 50) * 0.08, 100 + (g % 4) * 100,
            CASE WHEN g % 10 = 0 THEN 'polygon' ELSE 'circle' END,
            CASE WHEN g % 10 = 0 THEN jsonb_build_array(jsonb_build_array(
              jsonb_build_array(-10.0 + (g % 50) * 0.08 - 0.001, 51.6 + (g / 50) * 0.032 - 0.0007),
              jsonb_build_array(-10.0 + (g % 50) * 0.08 + 0.001, 51.6 + (g / 50) * 0.032 - 0.0007),
              jsonb_build_array(-10.0 + (g % 50) * 0.08 + 0.001, 51.6 + (g / 50) * 0.032 + 0.0007),
              jsonb_build_array(-10.0 + (g % 50) * 0.08 - 0.001, 51.6 + (g / 50) * 0.032 + 0.0007),
              jsonb_build_array(-10.0 + (g % 50) * 0.08 - 0.001, 51.6 + (g / 50) * 0.032 - 0.0007))) END
       FROM generate_series(0, ${POIS - 1}) g`,
    [tenant],
  );
  await db.query(
    `INSERT INTO tracking_devices (tenant_id, device_id, name, device_type) SELECT $1, 'T-' || g, 'Tracker ' || g, 'Trailer'
       FROM generate_series(0, ${TRACKERS - 1}) g`,
    [tenant],
  );
}

/**
 * `total` fixes of the trackers in turn from slot `firstSlot` on: even ones 30 m from a POI's centre (inside it,
 * circle or polygon), odd ones half-way between four POIs (outside all), so both paths of placement are taken.
 */
function fixes(total: number, firstSlot: number, lane = 0, lanes = 1) {
  const start = Math.floor(Date.now() / DAY_MS) * DAY_MS - 20 * DAY_MS;
  const perLane = TRACKERS / lanes;
  return Array.from({ length: total }, (_u, i) => {
    const device = lane * perLane + (i % perLane);
    const slot = firstSlot + Math.floor(i / perLane);
    const poi = (i * 7919 + slot) % POIS;
    const inside = i % 2 === 0;
    const latitude = 51.6 + Math.floor(poi / 50) * 0.032 + (inside ? 0.00027 : 0.016);
    const longitude = -10.0 + (poi % 50) * 0.08 + (inside ? 0 : 0.04);
    return {
      row: {
        kind: 'position' as const,
        device_id: `T-${device}`,
        seq: slot,
        time: new Date(start + slot * 900_000).toISOString(),
        latitude,
        longitude,
        message_type: 'gps' as const,
        battery_pct: 80,
      },
      locationId: inside ? `P-${poi}` : null,
    };
  });
}

export async function benchTrackingIngest(backend: BenchBackend, app: FastifyInstance, total: number, senders: number) {
  const { db } = backend;
  const tenant = 'bench-fleet';
  await addTrackingTenant(db, tenant);
  await fillPois(db, tenant);
  await maintainTables(db);
  const key = (await createIngestKeysService(createIngestKeysRepository(db)).create(tenant, 'bench', 'bench')).secret;
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${urlOf(ingestApi.messages)}`;
  const bodies = (rows: ReturnType<typeof fixes>) =>
    Array.from({ length: Math.ceil(rows.length / BATCH) }, (_u, b) => {
      const messages = rows.slice(b * BATCH, (b + 1) * BATCH).map((f) => f.row);
      return { json: JSON.stringify({ v: 1, messages }), count: messages.length };
    });
  const post = async (body: { json: string; count: number }) => {
    const response = await fetch(url, {
      method: ingestApi.messages.method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body.json,
    });
    const answer = (await response.json()) as Answer<typeof ingestApi.messages>;
    if (response.status !== 200 || answer.accepted !== body.count) throw new Error(`ingest answered ${response.status}`);
  };
  for (const body of bodies(fixes(BATCH, 0))) await post(body); // warm-up: JIT, the POI cache, first pages
  let nextSlot = Math.ceil(BATCH / TRACKERS);
  const pass = async (lanes: number) => {
    const perLane = total / lanes;
    const rows = Array.from({ length: lanes }, (_u, lane) => fixes(perLane, nextSlot, lane, lanes));
    nextSlot += Math.ceil(total / TRACKERS);
    const queues = rows.map(bodies);
    const start = performance.now();
    await Promise.all(
      queues.map(async (queue) => {
        for (let body = queue.shift(); body; body = queue.shift()) await post(body);
      }),
    );
    return { rows: rows.flat(), perSecond: total / ((performance.now() - start) / 1000) };
  };
  const sequential = await pass(1);
  // PGlite runs on one WASM thread shared with Node: parallel senders only queue there (and time out).
  const parallel = backend.name === 'postgres' ? await pass(senders) : null;

  // Placement is checked, not assumed: every fix of the first pass is in the POI it was made for, or in none.
  const placed = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tracking_positions WHERE tenant_id = $1 AND location_id IS NOT NULL`,
    [tenant],
  );
  const expectedPlaced = [...fixes(BATCH, 0), ...sequential.rows, ...(parallel?.rows ?? [])].filter((f) => f.locationId !== null).length;
  if (placed[0]?.n !== expectedPlaced) throw new Error(`placed ${placed[0]?.n} fixes in POIs, expected ${expectedPlaced}`);

  // The baseline: the same rows, with the POI each was placed in, COPYed into a copy of tracking_positions.
  await db.query('CREATE TABLE bench_tracking_copy (LIKE tracking_positions INCLUDING ALL)');
  const csv = sequential.rows
    .map(({ row, locationId }) =>
      [tenant, row.device_id, row.seq, row.time, row.latitude, row.longitude, row.message_type, row.battery_pct, locationId ?? ''].join(
        ',',
      ),
    )
    .join('\n');
  const copyStart = performance.now();
  await backend.copyCsv(
    'bench_tracking_copy',
    'tenant_id, device_id, seq, measured_at, latitude, longitude, message_type, battery_pct, location_id',
    csv,
  );
  const copyPerSecond = total / ((performance.now() - copyStart) / 1000);
  await db.query('DROP TABLE bench_tracking_copy');
  return {
    pois: POIS,
    trackers: TRACKERS,
    fixes: total,
    senders,
    sequential: sequential.perSecond,
    parallel: parallel?.perSecond ?? null,
    copyPerSecond,
  };
}

/** GET /api/device for a tenant with 10,000 trackers, in turns with GET /api/config/tenant (authenticated, one row). */
export async function benchDevicesList(backend: BenchBackend, app: FastifyInstance, headers: Record<string, string>) {
  await addTrackingTenant(backend.db, 'bench-list');
  await fillTrackers(backend.db, 'bench-list', LIST_TRACKERS);
  const read = async (url: string, method: string) => {
    const response = await app.inject({ method, url, headers, payloadAsStream: true });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
    return chunks;
  };
  let answer: Buffer[] = [];
  const { list, trivial } = await timeInTurns(30, {
    list: async () => {
      answer = await read(urlOf(trackingApi.devices), trackingApi.devices.method);
    },
    trivial: () => read(urlOf(configApi.tenantSettings), configApi.tenantSettings.method),
  });
  // Counted once, outside the clock; the list's shape may be an array, a page with items or columnar with a count.
  const parsed = JSON.parse(Buffer.concat(answer).toString()) as unknown[] | { items?: unknown[]; count?: number };
  const rows = Array.isArray(parsed) ? parsed.length : (parsed.count ?? parsed.items?.length ?? 0);
  return {
    rows,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    trivialP50: percentile(trivial, 50),
    trivialP95: percentile(trivial, 95),
  };
}

/**
 * FleetCo's demo history of `days` days seeded as the server does at start (ingest service, day by day), against
 * generating the same messages without storing them; meanwhile a user asks for a trivial authenticated endpoint
 * back to back, to show how long the portal keeps them waiting while it seeds.
 */
export async function benchDemoSeed(
  backend: BenchBackend,
  app: FastifyInstance,
  graph: ModuleGraph,
  days: number,
  headers: Record<string, string>,
) {
  const nowMs = Date.now();
  const generateStart = performance.now();
  let generated = 0;
  for (let day = days; day > 0; day -= 1) generated += trackingMessages(nowMs - day * DAY_MS, nowMs - (day - 1) * DAY_MS, nowMs).length;
  const generateSeconds = (performance.now() - generateStart) / 1000;
  const answers: number[] = [];
  let seeding = true;
  // Timed from when the user meant to ask (every 100 ms), not from when the busy event loop let the request go.
  const user = (async () => {
    const startMs = performance.now();
    for (let k = 1; seeding; k += 1) {
      const intendedMs = startMs + k * 100;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, intendedMs - performance.now())));
      if (performance.now() - intendedMs >= 100) k = Math.floor((performance.now() - startMs) / 100); // asks missed while blocked are one wait, not many
      const response = await app.inject({ method: configApi.tenantSettings.method, url: urlOf(configApi.tenantSettings), headers });
      if (response.statusCode !== 200) throw new Error(`tenant settings answered ${response.statusCode}`);
      answers.push(performance.now() - intendedMs);
    }
  })();
  const seedStart = performance.now();
  const seeded = await seedDemoTracking(graph, ingestServiceSender(graph.ingest.service, pino({ level: 'warn' })), nowMs, days);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  seeding = false;
  await user;
  if (seeded.messages !== generated) throw new Error(`seeded ${seeded.messages} messages, generated ${generated}`);
  return {
    days,
    messages: seeded.messages,
    seedSeconds,
    generateSeconds,
    answers: answers.length,
    answerP50Ms: percentile(answers, 50),
    answerP95Ms: percentile(answers, 95),
    answerMaxMs: Math.max(...answers),
  };
}
