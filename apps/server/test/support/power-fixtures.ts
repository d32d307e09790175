import type { FastifyInstance } from 'fastify';
import { authHeaders } from './test-app';

/** Registers a device through the API and creates an ingest key; returns the key's secret. */
export async function registerDeviceWithKey(
  app: FastifyInstance,
  token: string,
  tenant: string,
  device: { device_id: string; transformer_name?: string; rating_kva?: number },
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/powerdata/device',
    headers: authHeaders(token, tenant),
    payload: { transformer_name: `TX ${device.device_id}`, rating_kva: 100, ...device },
  });
  if (created.statusCode !== 201 && created.statusCode !== 409)
    throw new Error(`device registration answered ${created.statusCode}: ${created.body}`);
  const key = await app.inject({
    method: 'POST',
    url: '/api/ingest/keys',
    headers: authHeaders(token, tenant),
    payload: { name: 'test key' },
  });
  if (key.statusCode !== 201) throw new Error(`key creation answered ${key.statusCode}: ${key.body}`);
  return key.json<{ secret: string }>().secret;
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
  return app.inject({
    method: 'POST',
    url: '/ingest/v1/messages',
    headers: { authorization: `Bearer ${key}` },
    payload: { v: 1, messages },
  });
}
