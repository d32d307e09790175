import type { FastifyInstance } from 'fastify';
import { authHeaders } from './test-app';

/** Registers a tracker through the API; throws unless it answers 201. */
export async function registerTracker(
  app: FastifyInstance,
  token: string,
  tenant: string,
  device: { device_id: string; device_type?: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/device',
    headers: authHeaders(token, tenant),
    payload: { name: `Tracker ${device.device_id}`, ...device },
  });
  if (response.statusCode !== 201) throw new Error(`tracker registration answered ${response.statusCode}: ${response.body}`);
}

/** Adds a POI through the API; throws unless it answers 201. */
export async function addLocation(
  app: FastifyInstance,
  token: string,
  tenant: string,
  location: { LocationID: string; LocationType: 'Friendly' | 'Non-Friendly'; Latitude: number; Longitude: number; RadiusM?: number },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/location',
    headers: authHeaders(token, tenant),
    payload: { FullName: `POI ${location.LocationID}`, ...location },
  });
  if (response.statusCode !== 201) throw new Error(`location creation answered ${response.statusCode}: ${response.body}`);
}

/** A tracker position with sensible defaults. */
export function position(
  deviceId: string,
  seq: number,
  time: string,
  latitude: number,
  longitude: number,
  overrides: Record<string, unknown> = {},
) {
  return { kind: 'position', device_id: deviceId, seq, time, latitude, longitude, battery_pct: 80, ...overrides };
}
