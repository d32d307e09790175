import type { AssetListItem, PowerDevice } from '@gridlens/contract/assets';
import type { PhaseCurrentsA } from '@gridlens/domain/power/electrical';
import type { CoolingMode } from '@gridlens/domain/thermal/thermal-parameters';

/*
 * What the power-readings module offers other modules besides its factory (power-readings.module.ts): the
 * shapes they receive. Everything else in the folder (the stored encoding above all) is the module's own.
 */

/** A stored reading with the values the rollups need, derived once per reading with the domain rules. */
export interface DerivedReading {
  deviceId: string;
  seq: number;
  measuredMs: number;
  maxA: PhaseCurrentsA;
  medA: PhaseCurrentsA;
  apparentMaxKva: number;
  apparentMedKva: number;
  imbalancePercent: number;
  /** Temperatures, or null when either reading is a sensor error (so an error never becomes an extreme). */
  temperatureMaxC: number | null;
  temperatureMedC: number | null;
  temperatureSenseError: boolean;
  batteryPct: number | null;
  /** Link quality indicator 0–255, or null when the message carried none. */
  lqi: number | null;
}

/** A device's link figures over days, as the coverage module reads them (link-quality.repository.ts). */
export interface CoverageRow {
  device_id: string;
  transformer_name: string;
  latitude: number | null;
  longitude: number | null;
  connection_type: 'P.L.T.E' | 'Public Sim' | null;
  received: number;
  expected: number;
  lqi_count: number;
  mean_lqi: number | null;
  min_lqi: number | null;
  lqi_below_good: number;
  lqi_below_average: number;
  last_message_at: Date | string | null;
}

export interface DeviceTestDeviceRow {
  device_id: string;
  transformer_name: string;
  connection_type: 'P.L.T.E' | 'Public Sim' | null;
  last_message_at: Date | string | null;
}

export interface DeviceTestMessageRow {
  seq: number;
  measured_at: Date | string;
  lqi: number | null;
  current_max_a: number[];
  temperature_max_c: number | null;
  battery_pct: number | null;
}

/** A device's 30-minute demand currents over a period (half-hour-demand.repository.ts), for the load analyses. */
export interface HalfHourDemandRow {
  device_id: string;
  transformer_name: string;
  connected_mprns: number;
  /** `t` each half hour's start (epoch ms); `a` the half hour's mean of I1 + I2 + I3 (A). Half hours without readings are absent. */
  series: { t: number[]; a: number[] };
}

/**
 * A device's base-load day for the load models (model-day.repository.ts): the local hours that have data and the
 * hour's peak apparent power (kVA), in the same order. A day changing clocks can list an hour twice or miss one.
 */
export interface ModelDayLoadRow {
  device_id: string;
  day: string;
  hours: number[];
  kva: number[];
}

/** A device's readings over a period for the thermal ageing (thermal-readings.repository.ts). */
export interface ThermalReadingsRow {
  device_id: string;
  transformer_name: string;
  rating_kva: number;
  /** The registry's cooling mode; null when not recorded. */
  cooling: CoolingMode | null;
  latitude: number | null;
  longitude: number | null;
  /** In time order: `t` epoch ms; `a1`…`a3` median phase currents (A); `c` the monitor's median tank temperature (°C) or null. */
  series: { t: number[]; a1: number[]; a2: number[]; a3: number[]; c: (number | null)[] };
  /** Each phase's highest current of the period (A), as the assets list's max currents; null without readings. */
  max_currents_a: [number, number, number] | null;
}

/** What the assets list says of a device beyond its registry entry: the figures, states and issue flags. */
export type AssetFigures = Omit<AssetListItem, keyof PowerDevice>;
