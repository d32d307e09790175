import type { TransformerReading } from '@gridlens/contract/ingest';
import { apparentPowerKva, imbalancePercent, type PhaseCurrentsA } from '@gridlens/domain/power/electrical';
import { isTemperatureSenseError } from '@gridlens/domain/power/temperature-checks';
import type { DerivedReading } from './power-readings.public';

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
