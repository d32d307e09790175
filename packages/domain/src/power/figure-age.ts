/**
 * When a figure is current (docs/decisions.md, "Every figure shows its age when it is not current"). Most of the
 * assets list's figures are the window's (its rollups): a device silent in the window has none, and shows a dash.
 * A few come from the device's latest message whatever its age (total power, the battery): those are current
 * while the device keeps reporting, and otherwise carry their age beside them.
 */

/** A transformer monitor reports about every 15 minutes (the ingest contract's periodic reading). */
export const REPORTING_INTERVAL_MS = 15 * 60_000;
/** A latest-state figure is current up to two reporting intervals old: one late or lost message is no news yet. */
export const CURRENT_FIGURE_MAX_AGE_MS = 2 * REPORTING_INTERVAL_MS;

/** The assets list's figures that come from the latest message rather than the window's rollups. */
export const LATEST_STATE_FIGURES = ['total_kva', 'battery_pct'] as const;
export type LatestStateFigure = (typeof LATEST_STATE_FIGURES)[number];
export const isLatestStateFigure = (field: string): field is LatestStateFigure =>
  (LATEST_STATE_FIGURES as readonly string[]).includes(field);

/**
 * How old a latest-state figure is when it is not current (older than CURRENT_FIGURE_MAX_AGE_MS at `nowMs`), in ms;
 * null when it is current or there is no message to date it by. A message in the future (clock skew) is current.
 */
export function staleFigureAgeMs(lastMessageMs: number | null, nowMs: number): number | null {
  if (lastMessageMs === null || Number.isNaN(lastMessageMs)) return null;
  const age = nowMs - lastMessageMs;
  return age > CURRENT_FIGURE_MAX_AGE_MS ? age : null;
}
