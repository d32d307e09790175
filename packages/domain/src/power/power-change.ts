/**
 * Product decision (spec §4 names normal and abnormal but gives no rule): the power change is abnormal when the
 * mean apparent power of the period differs from that of the previous period of equal length by more than 50 %.
 * Half the load appearing or vanishing is far beyond weather or weekday swings and points to re-switching of the
 * network, a lost feeder or a metering fault.
 */
export const POWER_CHANGE_ABNORMAL_PERCENT = 50;

export const POWER_CHANGE_STATES = ['normal', 'abnormal'] as const;
export type PowerChangeState = (typeof POWER_CHANGE_STATES)[number];

/**
 * The signed change of the mean apparent power against the previous period, in % of the previous period:
 * +100 when it doubled, -50 when it halved. From no power to some power counts as +100 (a full change);
 * from none to none is 0.
 */
export function powerChangePercent(currentKva: number, previousKva: number): number {
  if (!(previousKva > 0)) return currentKva > 0 ? 100 : 0;
  return (100 * (currentKva - previousKva)) / previousKva;
}

/** Abnormal when the change in either direction exceeds 50 %; exactly 50 % is normal. */
export function powerChangeState(currentKva: number, previousKva: number): PowerChangeState {
  return Math.abs(powerChangePercent(currentKva, previousKva)) > POWER_CHANGE_ABNORMAL_PERCENT ? 'abnormal' : 'normal';
}
