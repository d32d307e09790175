import Flatbush from 'flatbush';
import { distanceKm, type GeoPoint } from '../geo';
import { LOCATION_RADIUS_MAX_M, LOCATION_RADIUS_MIN_M, STILL_RADIUS_M } from './positions';

/**
 * Possible POIs: places outside every known POI where devices stop again and again. Two steps:
 * 1. stops: a device stays within STILL_RADIUS_M of where it stopped, outside every POI, for at least
 *    STOP_MIN_MINUTES (a delivery or an overnight park, not a traffic light);
 * 2. clusters: stops whose centres lie within CLUSTER_REACH_M of each other, chained (DBSCAN with one point
 *    enough for a core: every stop belongs to a cluster), and a cluster is a possible POI once it has
 *    POSSIBLE_POI_MIN_VISITS stops.
 */

export const STOP_MIN_MINUTES = 30;
export const CLUSTER_REACH_M = 150;
export const POSSIBLE_POI_MIN_VISITS = 3;

/** One position of a device, in time order; `inPoi` when it fell in a known POI. */
export interface TrackFix extends GeoPoint {
  atMs: number;
  inPoi: boolean;
}

export interface Stop extends GeoPoint {
  deviceId: string;
  startMs: number;
  endMs: number;
}

/** A device's stops from its fixes in time order (the stop's centre is the mean of its fixes). */
export function stopsOf(deviceId: string, fixes: readonly TrackFix[]): Stop[] {
  const stops: Stop[] = [];
  let run: TrackFix[] = [];
  const close = () => {
    const first = run[0];
    const last = run[run.length - 1];
    if (first && last && last.atMs - first.atMs >= STOP_MIN_MINUTES * 60_000) {
      stops.push({
        deviceId,
        startMs: first.atMs,
        endMs: last.atMs,
        latitude: run.reduce((sum, f) => sum + f.latitude, 0) / run.length,
        longitude: run.reduce((sum, f) => sum + f.longitude, 0) / run.length,
      });
    }
    run = [];
  };
  for (const fix of fixes) {
    if (fix.inPoi) {
      close();
      continue;
    }
    const anchor = run[0];
    if (anchor && distanceKm(anchor, fix) * 1000 > STILL_RADIUS_M) close();
    run.push(fix);
  }
  close();
  return stops;
}

export interface PossiblePoi extends GeoPoint {
  /** Stable while the same stops make it: derived from its first stop's device and start. */
  id: string;
  radiusM: number;
  visitCount: number;
  deviceCount: number;
  firstSeenMs: number;
  lastSeenMs: number;
  /** 0..1, see `confidenceOf`. */
  confidence: number;
}

/**
 * How sure we are that a cluster is a real site, in 0..1: grows with the visits (half-way at about 3, over 0.9
 * from 10) and with the distinct devices that made them (one device is only half as convincing as several: a
 * van parked outside its driver's home is no customer site):
 *   confidence = (1 − e^(−visits/4)) · (1 − ½·e^(−(devices − 1)))
 */
export function confidenceOf(visitCount: number, deviceCount: number): number {
  if (visitCount <= 0 || deviceCount <= 0) return 0;
  return (1 - Math.exp(-visitCount / 4)) * (1 - 0.5 * Math.exp(-(deviceCount - 1)));
}

const METRES_PER_DEGREE_LATITUDE = 111_320;

/** Clusters stops into possible POIs, the most confident first. */
export function possiblePoisOf(stops: readonly Stop[]): PossiblePoi[] {
  if (stops.length === 0) return [];
  const tree = new Flatbush(stops.length);
  for (const s of stops) tree.add(s.longitude, s.latitude, s.longitude, s.latitude);
  tree.finish();
  const cluster = new Int32Array(stops.length).fill(-1);
  const groups: number[][] = [];
  for (let start = 0; start < stops.length; start++) {
    if (cluster[start] !== -1) continue;
    const members = [start];
    cluster[start] = groups.length;
    for (let k = 0; k < members.length; k++) {
      const s = stops[members[k]!]!;
      const dLat = CLUSTER_REACH_M / METRES_PER_DEGREE_LATITUDE;
      const dLon = dLat / Math.cos((s.latitude * Math.PI) / 180);
      for (const j of tree.search(s.longitude - dLon, s.latitude - dLat, s.longitude + dLon, s.latitude + dLat)) {
        if (cluster[j] !== -1 || distanceKm(s, stops[j]!) * 1000 > CLUSTER_REACH_M) continue;
        cluster[j] = groups.length;
        members.push(j);
      }
    }
    groups.push(members);
  }
  return groups
    .filter((members) => members.length >= POSSIBLE_POI_MIN_VISITS)
    .map((members) => possiblePoiOf(members.map((i) => stops[i]!)))
    .sort((a, b) => b.confidence - a.confidence || b.visitCount - a.visitCount || a.id.localeCompare(b.id));
}

function possiblePoiOf(members: readonly Stop[]): PossiblePoi {
  const centre = {
    latitude: members.reduce((sum, s) => sum + s.latitude, 0) / members.length,
    longitude: members.reduce((sum, s) => sum + s.longitude, 0) / members.length,
  };
  const farthestM = Math.max(...members.map((s) => distanceKm(centre, s) * 1000));
  const earliest = members.reduce((a, b) => (b.startMs < a.startMs || (b.startMs === a.startMs && b.deviceId < a.deviceId) ? b : a));
  const deviceCount = new Set(members.map((s) => s.deviceId)).size;
  return {
    id: `${earliest.deviceId}@${earliest.startMs}`,
    ...centre,
    // Room for the stops' own wander around their centres: the still radius's worth beyond the farthest one.
    radiusM: Math.round(Math.min(LOCATION_RADIUS_MAX_M, Math.max(LOCATION_RADIUS_MIN_M, farthestM + STILL_RADIUS_M / 2))),
    visitCount: members.length,
    deviceCount,
    firstSeenMs: Math.min(...members.map((s) => s.startMs)),
    lastSeenMs: Math.max(...members.map((s) => s.endMs)),
    confidence: confidenceOf(members.length, deviceCount),
  };
}
