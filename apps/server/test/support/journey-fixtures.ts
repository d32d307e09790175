import { weekStartMs } from '@gridlens/domain/tracking/weeks';
import { position } from './tracking-fixtures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// A depot (Friendly) and a customer site (Non-Friendly) 5.5 km apart, and a point on the road between them.
export const DEPOT = { LocationID: 'DEPOT', LocationType: 'Friendly' as const, Latitude: 53.35, Longitude: -6.26, RadiusM: 200 };
export const SITE = { LocationID: 'SITE', LocationType: 'Non-Friendly' as const, Latitude: 53.4, Longitude: -6.26, RadiusM: 300 };
const ROAD = { Latitude: 53.375, Longitude: -6.26 };

/** Last week's Tuesday 06:00 UTC: a moment every test's "recent weeks" hold, well before now. */
export const lastWeekTuesdayMs = (nowMs: number) => weekStartMs(nowMs) - 7 * DAY_MS + DAY_MS + 6 * HOUR_MS;

/**
 * A round trip from the depot to the site and back, hour by hour from `startMs`: at the depot (0 h, 1 h), on the
 * road (2 h), at the site (3 h, 5 h), on the road (6 h), back at the depot (7 h). Its journeys: DEPOT → SITE
 * from 2 h to 3 h and SITE → DEPOT from 6 h to 7 h; its cycle: from 2 h to 7 h.
 */
export function roundTrip(deviceId: string, startMs: number, firstSeq = 1) {
  const at = (hours: number) => new Date(startMs + hours * HOUR_MS).toISOString();
  const places: [number, { Latitude: number; Longitude: number }][] = [
    [0, DEPOT],
    [1, DEPOT],
    [2, ROAD],
    [3, SITE],
    [5, SITE],
    [6, ROAD],
    [7, DEPOT],
  ];
  return places.map(([hours, p], i) => position(deviceId, firstSeq + i, at(hours), p.Latitude, p.Longitude));
}
