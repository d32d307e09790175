import type { FastifyInstance } from 'fastify';
import { ingestApi } from '@gridlens/contract/ingest';
import { assetsApi } from '@gridlens/contract/assets';
import type { Queryable } from '../../src/db/database';
import { inject } from './inject';
import { authHeaders } from './test-app';

/** Registers a device through the API and creates an ingest key; returns the key's secret. */
export async function registerDeviceWithKey(
  app: FastifyInstance,
  token: string,
  tenant: string,
  device: { device_id: string; transformer_name?: string; rating_kva?: number },
): Promise<string> {
  const created = await inject(app, assetsApi.register, {
    headers: authHeaders(token, tenant),
    body: { transformer_name: `TX ${device.device_id}`, rating_kva: 100, ...device },
  });
  if (created.statusCode !== 201 && created.statusCode !== 409)
    throw new Error(`device registration answered ${created.statusCode}: ${created.body}`);
  return (await createIngestKey(app, token, tenant)).secret;
}

/** A transformer reading with sensible defaults; override what the test is about. */
export function reading(deviceId: string, seq: number, time: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'transformer',
    device_id: deviceId,
    seq,
    time,
    current_max_a: [100, 90, 80],
    current_med_a: [60, 55, 50],
    temperature_max_c: 40,
    temperature_med_c: 35,
    battery_pct: 80,
    lqi: 120,
    ...overrides,
  };
}

export function ingest(app: FastifyInstance, key: string, messages: unknown[]) {
  return inject(app, ingestApi.messages, { headers: { authorization: `Bearer ${key}` }, body: { v: 1, messages } });
}

/** Registers a device through the API; throws unless it answers 201. */
export async function registerDevice(
  app: FastifyInstance,
  token: string,
  tenant: string,
  device: Record<string, unknown> & { device_id: string },
) {
  const created = await inject(app, assetsApi.register, {
    headers: authHeaders(token, tenant),
    body: { transformer_name: `TX ${device.device_id}`, rating_kva: 100, ...device },
  });
  if (created.statusCode !== 201) throw new Error(`device registration answered ${created.statusCode}: ${created.body}`);
  return created.json();
}

/** Creates an ingest key of the tenant through the API; returns its id and secret. */
export async function createIngestKey(app: FastifyInstance, token: string, tenant: string, name = 'test key') {
  const key = await inject(app, ingestApi.createKey, { headers: authHeaders(token, tenant), body: { name } });
  if (key.statusCode !== 201) throw new Error(`key creation answered ${key.statusCode}: ${key.body}`);
  return key.json();
}

/** A power-quality event with sensible defaults. */
export function pqEvent(deviceId: string, seq: number, time: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'pq_event',
    device_id: deviceId,
    seq,
    time,
    event_type: 'DIP',
    priority: 2,
    phase: 1,
    duration_ms: 120,
    magnitude: 180,
    ...overrides,
  };
}

/** A hydrogen-sensor reading with sensible defaults. */
export function hydrogenReading(deviceId: string, seq: number, time: string, overrides: Record<string, unknown> = {}) {
  return { kind: 'hydrogen', device_id: deviceId, seq, time, h2_ppm: 42, oil_temperature_c: 55, status: 3, operation: 1, ...overrides };
}

/** A metering reading with sensible defaults. */
export function meteringReading(deviceId: string, seq: number, time: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'metering',
    device_id: deviceId,
    seq,
    time,
    import_kwh: 1234.5,
    export_kwh: 12.25,
    voltage_v: [231, 229, 230],
    power_factor: 0.95,
    ...overrides,
  };
}

/** `count(*)` of a query's rows, as a number on both backends. */
export async function countRows(db: Queryable, sql: string, params: readonly unknown[] = []): Promise<number> {
  const rows = await db.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM (${sql}) AS counted`, params);
  return Number(rows[0]?.n ?? 0);
}

/** An ISO time `minutesAgo` minutes before `nowMs`. */
export const minutesBefore = (nowMs: number, minutesAgo: number) => new Date(nowMs - minutesAgo * 60_000).toISOString();

/**
 * A moment of today (UTC, the test tenants' calendar) so far: `share` (0–1) of the way from midnight to `nowMs`.
 * For readings that must fall in "today" whenever the test runs, just after midnight included.
 */
export const earlierToday = (nowMs: number, share: number) => {
  const midnightMs = nowMs - (nowMs % 86_400_000);
  return new Date(midnightMs + Math.floor(share * (nowMs - midnightMs))).toISOString();
};
