import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Answer } from '@gridlens/contract/endpoint';
import { ingestApi } from '@gridlens/contract/ingest';
import { urlOf } from '@gridlens/contract/route';
import { createIngestKeysRepository } from '../../apps/server/src/modules/ingest/ingest-keys.repository';
import { createIngestKeysService } from '../../apps/server/src/modules/ingest/ingest-keys.service';
import { storedTenths, toStoredSeq } from '../../apps/server/src/modules/power-readings/reading-encoding';
import { addPowerDataTenant, type BenchBackend } from './bench-support';

/** Devices per sender: each sender of the parallel pass serves its own, as each gateway in the field does. */
const DEVICES = 500;
const ALERT_CURRENT_A = Number(process.env['BENCH_ALERT_CURRENT_A'] ?? 297);
const BATCH = 5000;

/** `total` readings of the DEVICES devices `prefix``firstDevice` … in turn, from slot `seqOffset` on. */
function readings(total: number, seqOffset: number, prefix = 'B-', firstDevice = 0) {
  // A fixed day 60 days back: inside the device clock window (DEVICE_CLOCK_BEHIND_DAYS), whenever the bench runs.
  const start = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 60 * 86_400_000;
  return Array.from({ length: total }, (_unused, i) => {
    const device = firstDevice + (i % DEVICES);
    const slot = Math.floor(i / DEVICES) + seqOffset;
    const load = 50 + ((i * 7919) % 200);
    return {
      kind: 'transformer' as const,
      device_id: `${prefix}${device}`,
      seq: slot,
      time: new Date(start + slot * 900_000).toISOString(),
      current_max_a: [load * 1.2, load * 1.1, load],
      current_med_a: [load, load * 0.9, load * 0.8],
      temperature_max_c: 40 + (i % 20),
      temperature_med_c: 38 + (i % 20),
      battery_pct: 80,
      lqi: 150,
    };
  });
}

/** Batch HTTP ingest over a real socket (validation, derived values, rollups, hook) against a raw COPY of the same rows. */
export async function benchIngest(backend: BenchBackend, app: FastifyInstance, total: number, senders: number) {
  const { db } = backend;
  // The gateways of the parallel pass (a sender each, with its own devices) in a tenant of their own, so that
  // the fleet list measured later still reads the bench tenant's 10,500 devices.
  await addPowerDataTenant(db, 'bench-gateways', 'Bench gateways');
  for (const [tenant, prefix, count] of [
    ['bench', 'B-', DEVICES],
    ['bench-gateways', 'G-', DEVICES * senders],
  ] as const) {
    await db.query(
      `INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva)
       SELECT $1, $2 || g, 'Bench ' || g, 400 FROM generate_series(0, ${count - 1}) g ON CONFLICT DO NOTHING`,
      [tenant, prefix],
    );
  }
  const keys = createIngestKeysService(createIngestKeysRepository(db));
  const key = (await keys.create('bench', 'bench', 'bench')).secret;
  const gatewaysKey = (await keys.create('bench-gateways', 'bench', 'bench')).secret;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${urlOf(ingestApi.messages)}`;
  // Bodies are serialised before the clock starts: the client shares this process, and its work is not the server's.
  const bodyOf = (messages: unknown[]) => ({ json: JSON.stringify({ v: 1, messages }), count: messages.length });
  const post = async (body: { json: string; count: number }, ingestKey = key) => {
    const response = await fetch(url, {
      method: ingestApi.messages.method,
      headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/json' },
      body: body.json,
    });
    const answer = (await response.json()) as Answer<typeof ingestApi.messages>;
    if (response.status !== 200 || answer.accepted !== body.count) throw new Error(`ingest answered ${response.status}`);
  };
  // Warm-up (JIT, caches, first pages) with the earliest slots: every later pass sends newer readings, as a live
  // fleet does, so alert evaluation judges them (a reading older than a device's newest is not evaluated).
  await post(bodyOf(readings(BATCH, 0)));
  for (let gateway = 0; gateway < senders; gateway += 1) await post(bodyOf(readings(BATCH, 0, 'G-', gateway * DEVICES)), gatewaysKey);
  let nextSlot = BATCH / DEVICES; // every pass sends slots after the last one's

  // Passes over fresh readings: one sender (each batch waits for the previous answer), then `senders` in
  // parallel, so that the server parses one batch while the database stores another. In parallel, each sender
  // serves its own 500 devices, as each gateway or MQTT bridge in the field does; a second parallel pass has
  // every sender send the same 500 devices' readings, the worst case, where transactions queue on the same
  // rollup rows' locks.
  const throughput = async (parallel: number, shareDevices = false) => {
    const gateways = parallel > 1 && !shareDevices;
    const perLane = gateways ? total / parallel : total;
    const lanes = Array.from({ length: gateways ? parallel : 1 }, (_unused, lane) =>
      gateways ? readings(perLane, nextSlot, 'G-', lane * DEVICES) : readings(perLane, nextSlot),
    );
    nextSlot += perLane / DEVICES;
    const queues = lanes.map((rows) =>
      Array.from({ length: Math.ceil(rows.length / BATCH) }, (_unused, b) => bodyOf(rows.slice(b * BATCH, (b + 1) * BATCH))),
    );
    const start = performance.now();
    const sender = async (queue: { json: string; count: number }[]) => {
      for (let body = queue.shift(); body; body = queue.shift()) await post(body, gateways ? gatewaysKey : key);
    };
    await Promise.all(Array.from({ length: parallel }, (_unused, s) => sender(queues[gateways ? s : 0] ?? [])));
    return { rows: lanes[0] ?? [], perSecond: total / ((performance.now() - start) / 1000) };
  };
  const sequential = await throughput(1);
  const parallel = await throughput(senders);
  const sharedParallel = await throughput(senders, true);
  const rows = sequential.rows;

  // Issue 5: the same single-sender ingest with 1,000 alert rules (two per device, each with a recipient), timed
  // in turns with passes without rules, so the machine's drift falls on both. About 1 % of the readings cross the
  // current threshold (297 A on L1) and the next one clears it, an alert per device every day or so; the 25
  // devices whose tank stays at 59 °C keep their temperature alert. BENCH_ALERT_CURRENT_A=280 makes a storm
  // (8 % of readings raise an alert) to see the cost of the writes.
  const rules = await db.query<{ id: string }>(
    `INSERT INTO alert_rules (tenant_id, kind, device_id, trigger_field, trigger_operator, trigger_value)
     SELECT 'bench', 'powerdata', 'B-' || g, f.field, '>=', f.threshold
       FROM generate_series(0, ${DEVICES - 1}) g, (VALUES ('current_max_ph1', ${ALERT_CURRENT_A}), ('temperature_max', 59)) AS f(field, threshold)
     RETURNING id`,
  );
  await db.query(
    `INSERT INTO alert_recipients (tenant_id, alert_id, name, email) SELECT 'bench', id, 'Ops', 'ops@bench.example' FROM alert_rules WHERE tenant_id = 'bench'`,
  );
  const cacheTtl = () => new Promise((resolve) => setTimeout(resolve, 2_100)); // the rule cache's 2 s (alert-rule-cache.ts)
  await cacheTtl();
  const pass = async () => (await throughput(1)).perSecond;
  const withRules = [await pass()];
  await db.query("DELETE FROM alert_rules WHERE tenant_id = 'bench'");
  await cacheTtl();
  const withoutRules = [await pass()];
  await db.query(
    `INSERT INTO alert_rules (tenant_id, kind, device_id, trigger_field, trigger_operator, trigger_value)
     SELECT 'bench', 'powerdata', 'B-' || g, f.field, '>=', f.threshold
       FROM generate_series(0, ${DEVICES - 1}) g, (VALUES ('current_max_ph1', ${ALERT_CURRENT_A}), ('temperature_max', 59)) AS f(field, threshold)`,
  );
  await cacheTtl();
  withRules.push(await pass());
  const [alerts] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM alert_occurrences WHERE tenant_id = 'bench'");
  await db.query("DELETE FROM alert_rules WHERE tenant_id = 'bench'");
  await cacheTtl();
  withoutRules.push(await pass());
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

  // The baseline: the same rows, already encoded as power_readings stores them, COPYed into a copy of that table.
  await db.query('CREATE TABLE bench_copy (LIKE power_readings INCLUDING ALL)');
  const [firstKey] = await db.query<{ key: number }>("SELECT min(device_key) AS key FROM power_devices WHERE tenant_id = 'bench'");
  const csv = rows
    .map((r, i) =>
      [
        r.time,
        (firstKey?.key ?? 0) + (i % DEVICES),
        toStoredSeq(r.seq),
        ...r.current_max_a,
        ...r.current_med_a,
        storedTenths(r.temperature_max_c),
        storedTenths(r.temperature_med_c),
        storedTenths(r.battery_pct),
        r.lqi,
      ].join(','),
    )
    .join('\n');
  const copyStart = performance.now();
  await backend.copyCsv(
    'bench_copy',
    'measured_at, device_key, seq, max_a1, max_a2, max_a3, med_a1, med_a2, med_a3, temperature_max_dc, temperature_med_dc, battery_dpct, lqi',
    csv,
  );
  const copySeconds = (performance.now() - copyStart) / 1000;
  await db.query('DROP TABLE bench_copy');
  return {
    messages: total,
    senders,
    sequentialPerSecond: sequential.perSecond,
    parallelPerSecond: parallel.perSecond,
    sharedParallelPerSecond: sharedParallel.perSecond,
    copyPerSecond: total / copySeconds,
    alertRules: rules.length,
    withRulesPerSecond: mean(withRules),
    withoutRulesPerSecond: mean(withoutRules),
    alertsRaised: alerts?.n ?? 0,
  };
}
