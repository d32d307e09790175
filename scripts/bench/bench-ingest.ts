import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createIngestKeysRepository } from '../../apps/server/src/modules/ingest/ingest-keys.repository';
import { createIngestKeysService } from '../../apps/server/src/modules/ingest/ingest-keys.service';
import type { BenchBackend } from './bench-support';

const DEVICES = 500;
const BATCH = 5000;

function readings(total: number, seqOffset: number) {
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: total }, (_unused, i) => {
    const device = i % DEVICES;
    const slot = Math.floor(i / DEVICES) + seqOffset;
    const load = 50 + ((i * 7919) % 200);
    return {
      kind: 'transformer' as const,
      device_id: `B-${device}`,
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
export async function benchIngest(backend: BenchBackend, app: FastifyInstance, total: number) {
  const { db } = backend;
  await db.query(
    `INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva)
     SELECT 'bench', 'B-' || g, 'Bench ' || g, 400 FROM generate_series(0, ${DEVICES - 1}) g ON CONFLICT DO NOTHING`,
  );
  const key = (await createIngestKeysService(createIngestKeysRepository(db)).create('bench', 'bench', 'bench')).secret;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/ingest/v1/messages`;
  const post = async (messages: unknown[]) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ v: 1, messages }),
    });
    const body = (await response.json()) as { accepted: number };
    if (response.status !== 200 || body.accepted !== messages.length) throw new Error(`ingest answered ${response.status}`);
  };
  await post(readings(BATCH, 1_000_000)); // warm-up: JIT, caches, first pages

  const rows = readings(total, 0);
  const ingestStart = performance.now();
  for (let i = 0; i < rows.length; i += BATCH) await post(rows.slice(i, i + BATCH));
  const ingestSeconds = (performance.now() - ingestStart) / 1000;

  await db.query('CREATE TABLE bench_copy (LIKE power_messages INCLUDING ALL)');
  const csv = rows
    .map(
      (r) =>
        `bench,${r.device_id},${r.seq},${r.time},"{${r.current_max_a.join(',')}}","{${r.current_med_a.join(',')}}",${r.temperature_max_c},${r.temperature_med_c},${r.battery_pct},${r.lqi}`,
    )
    .join('\n');
  const copyStart = performance.now();
  await backend.copyCsv(
    'bench_copy',
    'tenant_id, device_id, seq, measured_at, current_max_a, current_med_a, temperature_max_c, temperature_med_c, battery_pct, lqi',
    csv,
  );
  const copySeconds = (performance.now() - copyStart) / 1000;
  await db.query('DROP TABLE bench_copy');
  return { messages: total, ingestPerSecond: total / ingestSeconds, copyPerSecond: total / copySeconds };
}
