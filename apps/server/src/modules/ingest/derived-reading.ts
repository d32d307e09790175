import type { TransformerReading } from '@gridlens/contract/ingest';
import { apparentPowerKva, imbalancePercent, type PhaseCurrentsA } from '@gridlens/domain/power/electrical';
import { isTemperatureSenseError } from '@gridlens/domain/power/temperature-checks';

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

export function deriveReading(r: TransformerReading): DerivedReading {
  const maxA = r.current_max_a as PhaseCurrentsA;
  const medA = r.current_med_a as PhaseCurrentsA;
  const senseError = isTemperatureSenseError(r.temperature_max_c) || isTemperatureSenseError(r.temperature_med_c);
  return {
    deviceId: r.device_id,
    seq: r.seq,
    measuredMs: Date.parse(r.time),
    maxA,
    medA,
    apparentMaxKva: apparentPowerKva(maxA),
    apparentMedKva: apparentPowerKva(medA),
    imbalancePercent: imbalancePercent(maxA),
    temperatureMaxC: senseError ? null : r.temperature_max_c,
    temperatureMedC: senseError ? null : r.temperature_med_c,
    temperatureSenseError: senseError,
    batteryPct: r.battery_pct ?? null,
    lqi: r.lqi ?? null,
  };
}
