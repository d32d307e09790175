/**
 * How far a device's clock may be off the server's before its message is refused (a product decision; the spec
 * is silent). A message dated ahead of the server by more than `aheadMaxMinutes` comes from a clock that is
 * wrong (a reading dated in 2100 would otherwise stay the device's latest state for good); one older than
 * `behindMaxDays` (by default the raw-data retention) comes from a clock that was never set (year 0001) or would
 * be deleted by the next retention run anyway. Refused messages go to the dead letters with the reason.
 */
export interface DeviceClockWindow {
  aheadMaxMinutes: number;
  behindMaxDays: number;
}

/** Ten minutes: more than any drift of a synchronised clock, less than one 15-minute reporting interval. */
export const DEVICE_CLOCK_AHEAD_MAX_MINUTES_DEFAULT = 10;
/** The most the ahead bound may be set to: a stored latest state further ahead than this is never genuine. */
export const DEVICE_CLOCK_AHEAD_MAX_MINUTES_LIMIT = 1440;
/** As the raw readings' retention by default (RAW_RETENTION_DAYS). */
export const DEVICE_CLOCK_BEHIND_MAX_DAYS_DEFAULT = 400;

export const DEFAULT_DEVICE_CLOCK_WINDOW: DeviceClockWindow = {
  aheadMaxMinutes: DEVICE_CLOCK_AHEAD_MAX_MINUTES_DEFAULT,
  behindMaxDays: DEVICE_CLOCK_BEHIND_MAX_DAYS_DEFAULT,
};

/** Why a message measured at `measuredMs` lies outside the window around `nowMs`, or null when it lies inside. */
export function clockWindowProblem(measuredMs: number, nowMs: number, window: DeviceClockWindow): string | null {
  if (!Number.isFinite(measuredMs)) return 'not a date';
  const aheadMs = window.aheadMaxMinutes * 60_000;
  if (measuredMs > nowMs + aheadMs) {
    return `more than ${window.aheadMaxMinutes} minutes ahead of the server's clock (${new Date(nowMs).toISOString()}); check the device's clock`;
  }
  if (measuredMs < nowMs - window.behindMaxDays * 86_400_000) {
    return `more than ${window.behindMaxDays} days before the server's clock (${new Date(nowMs).toISOString()}); check the device's clock`;
  }
  return null;
}
