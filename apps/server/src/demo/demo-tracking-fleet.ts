import { distanceKm } from '@gridlens/domain/geo';
import { seedOf, seededRandom } from '@gridlens/domain/seeded-random';
import type { TrackerType } from '@gridlens/domain/tracking/enumerations';
import { DEMO_CUSTOMERS, DEMO_DEPOTS, DEMO_SITES, poiOf } from './demo-tracking-places';

/**
 * FleetCo's 500 trackers: 40 vans on daily rounds, and 460 returnable assets (roll cages, trailers, containers)
 * that leave a depot for a customer's site, stay there days or weeks and come back. The first 24 are the
 * original demo's (same ids and names), so a database seeded before keeps its trackers.
 */

/** How an asset's stays are drawn (days): at the depot between loads, at the customer's, and now and then far longer. */
export type CycleProfile = 'cage' | 'trailer' | 'container';

export type Movement =
  | { kind: 'rounds'; depot: string; sites: readonly string[] }
  | { kind: 'cycle'; depot: string; sites: readonly string[]; profile: CycleProfile; yard: string | null }
  | { kind: 'static'; place: string };

export interface DemoTracker {
  device_id: string;
  name: string;
  device_type: TrackerType;
  movement: Movement;
  /** A van's tracker charges from the van; the others run down over months, and 'low' ones are near empty. */
  battery: 'van' | 'cell' | 'low';
  /** Hours before now the tracker stopped reporting (0: it reports). */
  silentForHours: number;
  /** A refrigerated trailer's tracker reads the cold box, not the weather. */
  refrigerated: boolean;
}

/** The silent van of the original demo (unplugged in the workshop): the "no message" alert's case. */
export const SILENT_TRACKER_ID = 'FC-VAN-16';
export const SILENT_FOR_HOURS = 30;
/** Trackers on their last few per cent: the low-battery alert's cases. */
export const LOW_BATTERY_TRACKER_IDS = ['FC-TRL-03', 'FC-CNT-02'] as const;
/** Equipment left at a customer site for good: the "static" case. */
export const STATIC_TRACKER_ID = 'FC-EQP-01';
/** About one returnable asset in 30 went quiet between 2 and 20 days ago (lost, broken, or in a steel shed). */
const SILENT_ONE_IN = 30;

/** The customer sites each depot's vans visit in a day. */
const ROUNDS: Record<string, readonly string[]> = {
  'DUB-DEPOT': ['SITE-DUNDALK', 'SITE-ATHLONE', 'SITE-KILKENNY', 'SITE-WEXFORD'],
  'DUB-DC': ['SITE-NAAS', 'SITE-TALLAGHT', 'SITE-SWORDS', 'SITE-SANDYFORD', 'SITE-DROGHEDA'],
  'CORK-DEPOT': ['SITE-WATERFORD', 'SITE-TRALEE', 'SITE-KILKENNY'],
  'GALWAY-YARD': ['SITE-ATHLONE', 'SITE-SLIGO', 'SITE-LETTERKENNY'],
  'LIMERICK-YARD': ['SITE-TRALEE', 'SITE-ATHLONE', 'SITE-KILKENNY'],
};

/** The original vans by depot with their Irish registrations (year, county, number). */
const ORIGINAL_VANS: readonly [string, string][] = [
  ['DUB-DEPOT', '221-D-18734'],
  ['DUB-DEPOT', '222-D-20517'],
  ['DUB-DEPOT', '231-D-4412'],
  ['DUB-DEPOT', '232-D-11908'],
  ['DUB-DEPOT', '241-D-7265'],
  ['DUB-DEPOT', '191-D-30441'],
  ['CORK-DEPOT', '211-C-5530'],
  ['CORK-DEPOT', '222-C-1187'],
  ['CORK-DEPOT', '231-C-9042'],
  ['CORK-DEPOT', '241-C-2216'],
  ['GALWAY-YARD', '201-G-3379'],
  ['GALWAY-YARD', '222-G-1450'],
  ['GALWAY-YARD', '232-G-806'],
  ['LIMERICK-YARD', '212-L-4021'],
  ['LIMERICK-YARD', '231-L-2398'],
  ['LIMERICK-YARD', '242-L-611'],
];

/** Registration counties of the depots, for the added vans' plates. */
const COUNTY: Record<string, string> = { 'DUB-DEPOT': 'D', 'DUB-DC': 'D', 'CORK-DEPOT': 'C', 'GALWAY-YARD': 'G', 'LIMERICK-YARD': 'L' };
/** Where each depot's drivers break the journey: the yards that are no POI yet. */
const YARD_OF_DEPOT: Record<string, string> = {
  'DUB-DEPOT': 'YARD-ENFIELD',
  'DUB-DC': 'YARD-CASTLEBLAYNEY',
  'CORK-DEPOT': 'YARD-CAHIR',
  'LIMERICK-YARD': 'YARD-CAHIR',
  'GALWAY-YARD': 'YARD-GORT',
};
/** Dublin sends out the most: a depot is drawn with these weights (in DEMO_DEPOTS' order). */
const DEPOT_WEIGHTS = [0.3, 0.25, 0.2, 0.12, 0.13];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The customer sites an asset of a profile goes to: the five of the right sector nearest its depot. */
function sitesFor(depotId: string, profile: CycleProfile): string[] {
  const depot = poiOf(depotId);
  const sectorOf = new Map(DEMO_CUSTOMERS.map((c) => [c.id, c.sector]));
  const wanted = (customerId: string | null) => {
    const sector = customerId === null ? undefined : sectorOf.get(customerId);
    return profile === 'trailer' || (profile === 'cage' ? sector === 'retail' : sector === 'construction');
  };
  return DEMO_SITES.filter((s) => wanted(s.customerId))
    .sort((a, b) => distanceKm(depot, a) - distanceKm(depot, b))
    .slice(0, 5)
    .map((s) => s.id);
}

function depotFor(deviceId: string): string {
  const r = seededRandom(seedOf(`${deviceId}:depot`))();
  let sum = 0;
  for (const [i, weight] of DEPOT_WEIGHTS.entries()) {
    sum += weight;
    if (r < sum) return DEMO_DEPOTS[i]!.id;
  }
  return DEMO_DEPOTS[0]!.id;
}

/** Hours of silence of a returnable asset: most report, one in SILENT_ONE_IN stopped 2–20 days ago. */
function silenceOf(deviceId: string): number {
  const random = seededRandom(seedOf(`${deviceId}:silence`));
  return random() * SILENT_ONE_IN < 1 ? Math.round(48 + random() * 18 * 24) : 0;
}

const TYPE_OF: Record<CycleProfile, TrackerType> = { cage: 'Equipment', trailer: 'Trailer', container: 'Container' };

function asset(deviceId: string, name: string, profile: CycleProfile, overrides: Partial<DemoTracker> = {}): DemoTracker {
  const depot = depotFor(deviceId);
  // Cages travel on lorries that break the journey at the yard; containers go straight to the building site.
  const usesYard = profile !== 'container' && seededRandom(seedOf(`${deviceId}:yard`))() < 0.4;
  return {
    device_id: deviceId,
    name,
    device_type: TYPE_OF[profile],
    movement: { kind: 'cycle', depot, sites: sitesFor(depot, profile), profile, yard: usesYard ? (YARD_OF_DEPOT[depot] ?? null) : null },
    battery: (LOW_BATTERY_TRACKER_IDS as readonly string[]).includes(deviceId) ? 'low' : 'cell',
    silentForHours: silenceOf(deviceId),
    refrigerated: false,
    ...overrides,
  };
}

function van(depot: string, registration: string, number: number): DemoTracker {
  const deviceId = `FC-VAN-${pad(number, 2)}`;
  return {
    device_id: deviceId,
    name: `Van ${pad(number, 2)} – ${registration}`,
    device_type: 'Vehicle',
    movement: { kind: 'rounds', depot, sites: ROUNDS[depot] ?? [] },
    battery: 'van',
    silentForHours: deviceId === SILENT_TRACKER_ID ? SILENT_FOR_HOURS : 0,
    refrigerated: false,
  };
}

/** The 24 vans added to the original 16, spread over the depots, with plates of their depot's county. */
function addedVans(): DemoTracker[] {
  return Array.from({ length: 24 }, (_u, i) => {
    const depot = DEMO_DEPOTS[i % DEMO_DEPOTS.length]!.id;
    const registration = `${pad(22 + (i % 3), 2)}${1 + (i % 2)}-${COUNTY[depot] ?? 'D'}-${1000 + ((i * 7919) % 9000)}`;
    return van(depot, registration, 17 + i);
  });
}

const stillAt = (place: string): Movement => ({ kind: 'static', place });

/** The original trailers, containers and equipment, now cycling like the rest (two pieces of equipment stay put). */
function originalAssets(): DemoTracker[] {
  return [
    asset('FC-TRL-01', 'Trailer 01 – curtainsider', 'trailer', { silentForHours: 0 }),
    asset('FC-TRL-02', 'Trailer 02 – flatbed', 'trailer', { silentForHours: 0 }),
    asset('FC-TRL-03', 'Trailer 03 – refrigerated', 'trailer', { silentForHours: 0, refrigerated: true }),
    asset('FC-CNT-01', 'Container 01 – 20 ft site store', 'container', { silentForHours: 0 }),
    asset('FC-CNT-02', 'Container 02 – 40 ft storage', 'container', { silentForHours: 0 }),
    asset('FC-EQP-01', 'Generator 60 kVA', 'cage', { movement: stillAt('SITE-KILKENNY'), silentForHours: 0 }),
    asset('FC-EQP-02', 'Cable drum trailer', 'cage', { silentForHours: 0 }),
    asset('FC-EQP-03', 'Lighting tower', 'cage', { movement: stillAt('GALWAY-YARD'), silentForHours: 0 }),
  ];
}

const TRAILER_KINDS = ['curtainsider', 'flatbed', 'box trailer', 'refrigerated'] as const;

/** FleetCo's 500 trackers, the original 24 first. */
export const DEMO_TRACKERS: readonly DemoTracker[] = [
  ...ORIGINAL_VANS.map(([depot, registration], i) => van(depot, registration, i + 1)),
  ...originalAssets(),
  ...addedVans(),
  ...Array.from({ length: 227 }, (_u, i) => asset(`FC-CGE-${pad(i + 1, 3)}`, `Roll cage ${pad(i + 1, 3)}`, 'cage')),
  ...Array.from({ length: 122 }, (_u, i) => {
    const number = pad(i + 4, 3);
    const kind = TRAILER_KINDS[(i + 3) % TRAILER_KINDS.length]!;
    return asset(`FC-TRL-${number}`, `Trailer ${number} – ${kind}`, 'trailer', { refrigerated: kind === 'refrigerated' });
  }),
  ...Array.from({ length: 103 }, (_u, i) => {
    const number = pad(i + 3, 3);
    return asset(`FC-CNT-${number}`, `Container ${number} – ${i % 3 === 0 ? '40 ft' : '20 ft'} site store`, 'container');
  }),
];
