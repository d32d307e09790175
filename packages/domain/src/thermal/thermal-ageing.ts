/**
 * One transformer's thermal ageing over a period in one call: the IEC 60076-7 model (thermal-model.ts), then the
 * ageing and loss of life of its hot spot (ageing.ts). The lossOfLife endpoint and the XFRMR Health tab need both.
 */
import { lossOfLife, type LossOfLife, type PaperInsulation } from './ageing';
import { runThermalModel, type ThermalModelInput, type ThermalModelOutput, type ThermalStart } from './thermal-model';
import type { ThermalParameters } from './thermal-parameters';

export interface ThermalAgeing extends ThermalModelOutput {
  lossOfLife: LossOfLife;
}

/** Runs the model and sums the loss of life; allocation-free apart from the result object when `out` is given. */
export function thermalAgeing(
  input: ThermalModelInput,
  p: ThermalParameters,
  start: ThermalStart,
  paper: PaperInsulation,
  out?: ThermalModelOutput,
): ThermalAgeing {
  const series = runThermalModel(input, p, start, out);
  return { ...series, lossOfLife: lossOfLife(input.timesMs, series.hotSpotC, paper) };
}
