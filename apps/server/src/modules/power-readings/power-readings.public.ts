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
