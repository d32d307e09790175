import type { PhaseCurrentsA } from '@gridlens/domain/power/electrical';

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
