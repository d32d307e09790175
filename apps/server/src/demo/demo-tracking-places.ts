import type { GeoPoint } from '@gridlens/domain/geo';
import { seedOf, seededRandom } from '@gridlens/domain/seeded-random';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';

/**
 * FleetCo's places: its depots (Friendly), the sites of its customers where its returnable assets are delivered
 * (Non-Friendly, each owned by a customer), and a few yards that are no POI yet, where drivers stop again and
 * again (what the possible POIs screen should find). Names and customers are invented; the towns are real.
 */

/** A customer of FleetCo: Irish retailers, grocers and builders who borrow its cages, trailers and containers. */
export interface DemoCustomer {
  id: string;
  name: string;
  /** Which assets it borrows: cages go to shops, containers to building sites, trailers to both. */
  sector: 'retail' | 'construction';
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  { id: 'CUST-SHANNON', name: 'Shannon Foods', sector: 'retail' },
  { id: 'CUST-NORE', name: 'Nore Valley Dairy', sector: 'retail' },
  { id: 'CUST-COOLEY', name: 'Cooley Drinks Wholesale', sector: 'retail' },
  { id: 'CUST-BRADAN', name: 'Bradán Fresh Markets', sector: 'retail' },
  { id: 'CUST-MILLSTONE', name: 'Millstone Home & Garden', sector: 'retail' },
  { id: 'CUST-SUIR', name: 'Suirside Supermarkets', sector: 'retail' },
  { id: 'CUST-ATLANTIC', name: 'Atlantic Pharmacy Group', sector: 'retail' },
  { id: 'CUST-SWILLY', name: 'Swilly Building Supplies', sector: 'construction' },
  { id: 'CUST-SLANEY', name: 'Slaney Agri Supplies', sector: 'construction' },
  { id: 'CUST-CORRIB', name: 'Corrib Civil Engineering', sector: 'construction' },
  { id: 'CUST-BARROW', name: 'Barrow Homes', sector: 'construction' },
];

/** A POI as the demo registers it: a circle, or a polygon (GeoJSON rings of [longitude, latitude]). */
export interface DemoPoi {
  id: string;
  name: string;
  type: LocationType;
  latitude: number;
  longitude: number;
  /** A circle's radius; a polygon's is the distance to its furthest corner (what a circle-only index reads). */
  radiusM: number;
  /** The customer owning a Non-Friendly site; null for FleetCo's own depots. */
  customerId: string | null;
  polygon: [number, number][][] | null;
}

const METRES_PER_DEGREE = 111_320;

/** A point moved north and east by some metres (flat-earth: fine over a few kilometres). */
export function shifted(point: GeoPoint, northM: number, eastM: number): GeoPoint {
  return {
    latitude: point.latitude + northM / METRES_PER_DEGREE,
    longitude: point.longitude + eastM / (METRES_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180)),
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

const circle = (id: string, name: string, customerId: string | null, latitude: number, longitude: number, radiusM: number): DemoPoi => ({
  id,
  name,
  type: customerId === null ? 'Friendly' : 'Non-Friendly',
  latitude,
  longitude,
  radiusM,
  customerId,
  polygon: null,
});

/**
 * A yard drawn as a polygon: corners at `cornersM` metres from the centre, at even bearings turned by `turnDeg`
 * (a distribution centre's or a port's outline is no circle). Closed, as GeoJSON wants.
 */
const polygon = (
  id: string,
  name: string,
  customerId: string | null,
  latitude: number,
  longitude: number,
  cornersM: readonly number[],
  turnDeg: number,
): DemoPoi => {
  const centre = { latitude, longitude };
  const ring = cornersM.map((distanceM, i) => {
    const bearing = ((turnDeg + (360 * i) / cornersM.length) * Math.PI) / 180;
    const corner = shifted(centre, distanceM * Math.cos(bearing), distanceM * Math.sin(bearing));
    return [round6(corner.longitude), round6(corner.latitude)] as [number, number];
  });
  return { ...circle(id, name, customerId, latitude, longitude, Math.max(...cornersM)), polygon: [[...ring, ring[0]!]] };
};

/** FleetCo's depots: where assets are washed, repaired and sent out again. */
export const DEMO_DEPOTS: readonly DemoPoi[] = [
  circle('DUB-DEPOT', 'Dublin Depot – Dublin Industrial Estate', null, 53.3707, -6.2797, 300),
  polygon('DUB-DC', 'Dublin Distribution Centre – Ballycoolin', null, 53.4085, -6.3605, [520, 380, 560, 400, 450, 360], 15),
  circle('CORK-DEPOT', 'Cork Depot – Little Island', null, 51.9065, -8.356, 350),
  circle('GALWAY-YARD', 'Galway Yard – Mervue Business Park', null, 53.2836, -9.019, 250),
  circle('LIMERICK-YARD', 'Limerick Yard – Raheen Business Park', null, 52.632, -8.658, 300),
];

/** Customer sites: shops' back yards and distribution centres, builders' yards and building sites. */
export const DEMO_SITES: readonly DemoPoi[] = [
  circle('SITE-ATHLONE', 'Shannon Foods – Athlone', 'CUST-SHANNON', 53.4205, -7.9025, 250),
  circle('SITE-WATERFORD', 'Suirside Supermarkets – Waterford', 'CUST-SUIR', 52.247, -7.148, 300),
  circle('SITE-SLIGO', 'Atlantic Pharmacy – Sligo', 'CUST-ATLANTIC', 54.2795, -8.49, 250),
  circle('SITE-KILKENNY', 'Nore Valley Dairy – Kilkenny', 'CUST-NORE', 52.662, -7.24, 200),
  circle('SITE-DUNDALK', 'Cooley Drinks – Dundalk', 'CUST-COOLEY', 53.9915, -6.418, 250),
  circle('SITE-TRALEE', 'Millstone Home & Garden – Tralee', 'CUST-MILLSTONE', 52.2765, -9.667, 200),
  circle('SITE-LETTERKENNY', 'Swilly Building Supplies – Letterkenny', 'CUST-SWILLY', 54.956, -7.745, 150),
  circle('SITE-WEXFORD', 'Slaney Agri Supplies – Wexford', 'CUST-SLANEY', 52.316, -6.48, 250),
  circle('SITE-MULLINGAR', 'Shannon Foods – Mullingar', 'CUST-SHANNON', 53.5255, -7.3245, 200),
  circle('SITE-TULLAMORE', 'Shannon Foods – Tullamore', 'CUST-SHANNON', 53.2705, -7.4955, 200),
  circle('SITE-CARLOW', 'Nore Valley Dairy – Carlow', 'CUST-NORE', 52.8325, -6.9185, 200),
  circle('SITE-DROGHEDA', 'Cooley Drinks – Drogheda', 'CUST-COOLEY', 53.7085, -6.3275, 250),
  polygon('SITE-NAAS', 'Bradán Fresh Markets – Naas DC', 'CUST-BRADAN', 53.2105, -6.6465, [420, 300, 440, 310], 30),
  circle('SITE-TALLAGHT', 'Bradán Fresh Markets – Tallaght', 'CUST-BRADAN', 53.2875, -6.3735, 200),
  circle('SITE-SWORDS', 'Bradán Fresh Markets – Swords', 'CUST-BRADAN', 53.4655, -6.2245, 200),
  circle('SITE-ENNIS', 'Bradán Fresh Markets – Ennis', 'CUST-BRADAN', 52.8395, -8.9655, 200),
  circle('SITE-SANDYFORD', 'Millstone Home & Garden – Sandyford', 'CUST-MILLSTONE', 53.2755, -6.2185, 200),
  circle('SITE-KILLARNEY', 'Millstone Home & Garden – Killarney', 'CUST-MILLSTONE', 52.0635, -9.5035, 200),
  circle('SITE-CLONMEL', 'Suirside Supermarkets – Clonmel', 'CUST-SUIR', 52.3545, -7.7245, 200),
  circle('SITE-DUNGARVAN', 'Suirside Supermarkets – Dungarvan', 'CUST-SUIR', 52.0905, -7.6285, 200),
  circle('SITE-CASTLEBAR', 'Atlantic Pharmacy – Castlebar', 'CUST-ATLANTIC', 53.8545, -9.2865, 200),
  circle('SITE-BALLINA', 'Atlantic Pharmacy – Ballina', 'CUST-ATLANTIC', 54.1105, -9.1435, 200),
  circle('SITE-DONEGAL', 'Swilly Building Supplies – Donegal Town', 'CUST-SWILLY', 54.6525, -8.1165, 200),
  circle('SITE-ENNISCORTHY', 'Slaney Agri Supplies – Enniscorthy', 'CUST-SLANEY', 52.5045, -6.5665, 250),
  polygon('SITE-GALWAY-PORT', 'Corrib Civil Engineering – Galway Harbour', 'CUST-CORRIB', 53.2685, -9.0425, [480, 350, 500, 380, 340], 10),
  circle('SITE-TUAM', 'Corrib Civil Engineering – Tuam bypass', 'CUST-CORRIB', 53.5285, -8.8345, 300),
  circle('SITE-ORANMORE', 'Corrib Civil Engineering – Oranmore', 'CUST-CORRIB', 53.2665, -8.9215, 250),
  circle('SITE-PORTLAOISE', 'Barrow Homes – Portlaoise', 'CUST-BARROW', 53.0425, -7.2745, 300),
  circle('SITE-ATHY', 'Barrow Homes – Athy', 'CUST-BARROW', 52.9985, -6.9735, 250),
  polygon('SITE-BALLINCOLLIG', 'Barrow Homes – Ballincollig', 'CUST-BARROW', 51.8885, -8.5885, [400, 330, 420, 350], 25),
  circle('SITE-MALLOW', 'Barrow Homes – Mallow', 'CUST-BARROW', 52.1355, -8.6545, 250),
  circle('SITE-NENAGH', 'Corrib Civil Engineering – Nenagh', 'CUST-CORRIB', 52.8655, -8.2005, 250),
];

/** Every POI the demo registers. */
export const DEMO_POIS: readonly DemoPoi[] = [...DEMO_DEPOTS, ...DEMO_SITES];

/**
 * Places that are no POI: truck parks and a haulier's yard where drivers leave trailers and cages for hours on
 * the way. Each is used by many assets, so stops cluster there (the possible POIs to adopt).
 */
export interface DemoYard extends GeoPoint {
  id: string;
  description: string;
  /** How far from the centre a parked asset may be, in metres: a small yard. */
  spreadM: number;
}

export const DEMO_YARDS: readonly DemoYard[] = [
  { id: 'YARD-ENFIELD', description: 'truck park off the M4 near Enfield', latitude: 53.4185, longitude: -6.8295, spreadM: 60 },
  { id: 'YARD-CAHIR', description: 'haulier’s yard off the M8 near Cahir', latitude: 52.3805, longitude: -7.9105, spreadM: 60 },
  { id: 'YARD-GORT', description: 'lay-by yard off the M18 near Gort', latitude: 53.0835, longitude: -8.8125, spreadM: 50 },
  { id: 'YARD-CASTLEBLAYNEY', description: 'truck stop off the N2 near Castleblayney', latitude: 54.1055, longitude: -6.7285, spreadM: 50 },
];

const PLACE_BY_ID = new Map<string, DemoPoi | DemoYard>([...DEMO_POIS, ...DEMO_YARDS].map((p) => [p.id, p]));

export function poiOf(id: string): DemoPoi {
  const found = PLACE_BY_ID.get(id);
  if (!found || !('type' in found)) throw new Error(`no demo POI ${id}`);
  return found;
}

/**
 * A tracker's own parking spot at a place: within the inner 45 % of a circle's radius, within 40 % of a polygon's
 * shortest corner distance (inside its inscribed circle, whatever its shape), within a yard's spread. GPS wander
 * around it stays inside the POI.
 */
export function spotIn(deviceId: string, placeId: string): GeoPoint {
  const place = PLACE_BY_ID.get(placeId);
  if (!place) throw new Error(`no demo place ${placeId}`);
  const random = seededRandom(seedOf(`${deviceId}:spot:${placeId}`));
  const angle = random() * 2 * Math.PI;
  const reachM = !('type' in place) ? place.spreadM : place.polygon === null ? place.radiusM * 0.45 : innerRadiusM(place) * 0.4;
  const distanceM = reachM * Math.sqrt(random());
  return shifted(place, distanceM * Math.cos(angle), distanceM * Math.sin(angle));
}

/** The shortest distance from a polygon's centre to a corner. */
function innerRadiusM(poi: DemoPoi): number {
  const ring = poi.polygon?.[0] ?? [];
  const cosLat = Math.cos((poi.latitude * Math.PI) / 180);
  return Math.min(
    ...ring.map(([lon, lat]) => Math.hypot((lat - poi.latitude) * METRES_PER_DEGREE, (lon - poi.longitude) * METRES_PER_DEGREE * cosLat)),
  );
}
