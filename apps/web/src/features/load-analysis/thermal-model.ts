import type { LossOfLifeRow } from '@gridlens/contract/load-analysis';

/**
 * When the tab must say why "current over limit" and "risk of overload" disagree: a phase's highest current went
 * over its rating in the range (the assets list's flag over the same period) while the thermal risk of overload,
 * which judges the typical load K and the temperatures it makes, stayed unraised. The phase loading to quote, or null.
 */
export function overloadDisagreement(
  row: Pick<LossOfLifeRow, 'current_over_limit' | 'max_phase_loading_percent' | 'indicators'>,
): number | null {
  const risk = row.indicators.find((indicator) => indicator.kind === 'risk-of-overload');
  if (!row.current_over_limit || row.max_phase_loading_percent === null || risk?.triggered !== false) return null;
  return row.max_phase_loading_percent;
}
