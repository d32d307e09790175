import type { CreatePowerDevice } from '@gridlens/contract/assets';
import { pick, seededRandom } from '@gridlens/domain/seeded-random';

/**
 * How much warmer a "hot" demo tank runs than its load and the weather explain (a failing cooling fan, say):
 * enough for its daily peak to cross the temperature limit (HasTemperatureOverLimit, 90 °C) in winter and
 * in summer, as the Assets screen's temperature warning is there to show.
 */
const HOT_TANK_OFFSET_C = 62;

/** Irish towns the demo transformers are scattered around (WGS 84), so markers land on land. */
const TOWNS: readonly [string, number, number][] = [
  ['Dublin', 53.3498, -6.2603],
  ['Cork', 51.8985, -8.4756],
  ['Limerick', 52.6638, -8.6267],
  ['Galway', 53.2707, -9.0568],
  ['Waterford', 52.2593, -7.1101],
  ['Drogheda', 53.7179, -6.3561],
  ['Dundalk', 54.0, -6.4167],
  ['Swords', 53.4597, -6.2181],
  ['Bray', 53.2028, -6.0983],
  ['Navan', 53.6528, -6.6814],
  ['Kilkenny', 52.6541, -7.2448],
  ['Ennis', 52.8436, -8.9864],
  ['Carlow', 52.8408, -6.9261],
  ['Tralee', 52.2713, -9.6999],
  ['Newbridge', 53.1819, -6.7967],
  ['Portlaoise', 53.0344, -7.2998],
  ['Balbriggan', 53.6128, -6.1819],
  ['Naas', 53.2158, -6.6669],
  ['Athlone', 53.4239, -7.9407],
  ['Mullingar', 53.5259, -7.3381],
  ['Wexford', 52.3369, -6.4633],
  ['Letterkenny', 54.9558, -7.7342],
  ['Sligo', 54.2766, -8.4761],
  ['Clonmel', 52.355, -7.7039],
  ['Wicklow', 52.9808, -6.0446],
  ['Castlebar', 53.8547, -9.2988],
  ['Tullamore', 53.2739, -7.4889],
  ['Killarney', 52.0599, -9.5044],
  ['Cavan', 53.9908, -7.3606],
  ['Arklow', 52.7978, -6.1599],
  ['Ballina', 54.1149, -9.1551],
  ['Mallow', 52.1347, -8.6451],
  ['Tipperary', 52.4736, -8.1558],
  ['Longford', 53.7276, -7.7998],
  ['Monaghan', 54.2492, -6.9683],
  ['Roscommon', 53.6333, -8.1833],
  ['Thurles', 52.6819, -7.8099],
  ['Nenagh', 52.8619, -8.1967],
  ['Dungarvan', 52.0845, -7.6397],
  ['Westport', 53.8, -9.5167],
];

const RATINGS_KVA = [50, 100, 100, 160, 200, 200, 250, 315, 400, 400, 500, 630, 800, 1000] as const;
const STATUS_MIX = ['Active', 'Active', 'Active', 'Active', 'Active', 'Active', 'Active', 'Active', 'Installed', 'Provisioned'] as const;

/** What the simulator does differently for a device, so the demo shows every screen state. */
export interface DemoBehaviour {
  baseUtilisation: number;
  profile: 'residential' | 'commercial' | 'mixed';
  phaseSplit: [number, number, number];
  silentForHours: number;
  missedMessageRate: number;
  batteryStartPct: number;
  temperatureOffsetC: number;
  temperatureSenseError: boolean;
  sends: boolean;
}

export interface DemoDevice {
  registration: CreatePowerDevice;
  behaviour: DemoBehaviour;
}

export const DEMO_FLEET_SIZE = 300;
export const DEMO_FLEET_SEED = 20_261_122;

/** The demo tenant's transformers: deterministic, about 300 across Ireland, every type, status and problem. */
export function demoFleet(size: number = DEMO_FLEET_SIZE, seed: number = DEMO_FLEET_SEED, idPrefix = 'NZ'): DemoDevice[] {
  const random = seededRandom(seed);
  return Array.from({ length: size }, (_unused, i) => {
    const [town, lat, lon] = TOWNS[i % TOWNS.length] as [string, number, number];
    const rating = pick(random, RATINGS_KVA);
    const deviceType =
      rating <= 200
        ? pick(random, ['Pole Mount', 'Pole Mount', 'Ground Mount'] as const)
        : pick(random, ['Ground Mount', 'Ground Mount', 'Indoor'] as const);
    // A handful of devices per problem, at fixed positions so the demo always has them.
    const overloaded = i % 37 === 5;
    const underused = i % 29 === 3;
    const imbalanced = i % 31 === 7;
    const silent = i % 43 === 11;
    const missing = i % 23 === 13;
    const lowBattery = i % 41 === 17;
    const hot = i % 97 === 19;
    const senseError = i === 133;
    const status =
      i % 61 === 2
        ? 'Inactive'
        : i % 67 === 4
          ? 'Registered'
          : i % 71 === 6
            ? 'Not Installed'
            : i % 73 === 8
              ? 'Unknown'
              : pick(random, STATUS_MIX);
    const sends = !['Registered', 'Not Installed', 'Unknown'].includes(status);
    const number = String(10_000 + i * 7);
    return {
      registration: {
        device_id: `${idPrefix}-${String(i + 1).padStart(4, '0')}`,
        monitor_type: 'PowerCoil',
        transformer_name: `${town} ${pick(random, ['Road', 'Street', 'Park', 'Cross', 'Hill', 'Quay', 'Avenue'] as const)} ${1 + (i % 9)}`,
        transformer_number: `T${number}`,
        rating_kva: rating,
        asset_id: `AS-${number}`,
        device_status: status,
        device_voltage_v: 400,
        installation_date: `202${3 + (i % 3)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
        connected_mprns: Math.round(rating * (0.35 + random() * 0.3)),
        commuter_area: random() < 0.4,
        latitude: Number((lat + (random() - 0.5) * 0.16).toFixed(5)),
        longitude: Number((lon + (random() - 0.5) * 0.24).toFixed(5)),
        device_type: deviceType,
        connection_type: random() < 0.7 ? 'P.L.T.E' : 'Public Sim',
        power_quality_enabled: i % 10 === 0,
      },
      behaviour: {
        baseUtilisation: overloaded ? 0.95 + random() * 0.15 : underused ? 0.05 + random() * 0.04 : 0.25 + random() * 0.4,
        profile: pick(random, ['residential', 'residential', 'commercial', 'mixed'] as const),
        phaseSplit: imbalanced ? [0.78, 0.19, 0.03] : [0.34 + random() * 0.04, 0.33, 0.33 - random() * 0.04],
        silentForHours: silent ? 30 + Math.floor(random() * 60) : 0,
        // 0.03 % a slot: about 3 % of healthy units miss a message in a day, 18 % in a week, like a good radio network.
        missedMessageRate: missing ? 0.08 : 0.0003,
        batteryStartPct: lowBattery ? 12 : 70 + random() * 30,
        temperatureOffsetC: hot ? HOT_TANK_OFFSET_C : 0,
        temperatureSenseError: senseError,
        sends,
      },
    };
  });
}
