import type { FastifyInstance } from 'fastify';
import { trackingApi } from '@gridlens/contract/tracking';
import { inject } from './inject';
import { authHeaders } from './test-app';

/** Registers a tracker through the API; throws unless it answers 201. */
export async function registerTracker(
  app: FastifyInstance,
  token: string,
  tenant: string,
  device: { device_id: string; device_type?: string },
) {
  const response = await inject(app, trackingApi.registerDevice, {
    headers: authHeaders(token, tenant),
    body: { name: `Tracker ${device.device_id}`, ...device },
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
  const response = await inject(app, trackingApi.addLocation, {
    headers: authHeaders(token, tenant),
    body: { FullName: `POI ${location.LocationID}`, ...location },
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
