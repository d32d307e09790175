/**
 * Spec §4 asset movement: Fluid (moving across POIs within a period) or Static (same POI beyond a period). The
 * period is the tenant's (`tenants.static_after_hours`); a returnable asset that sits at one site for three days
 * is one an operator wants to chase, so the default is 72 hours (docs/decisions.md, "Tracking mode").
 */
export const MOVEMENTS = ['Fluid', 'Static'] as const;
export type Movement = (typeof MOVEMENTS)[number];

export const STATIC_AFTER_HOURS_DEFAULT = 72;
export const STATIC_AFTER_HOURS_MIN = 1;
export const STATIC_AFTER_HOURS_MAX = 8_760;

const HOUR_MS = 3_600_000;

/**
 * A device's movement now: Static when it has stood still (in one POI, or within the still radius outside them)
 * for longer than the period, Fluid otherwise. A device with no position yet has no movement (null).
 */
export function movementOf(stillSinceMs: number | null, nowMs: number, staticAfterHours: number): Movement | null {
  if (stillSinceMs === null) return null;
  return nowMs - stillSinceMs > staticAfterHours * HOUR_MS ? 'Static' : 'Fluid';
}
