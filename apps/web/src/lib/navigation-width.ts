/** Spec §9: the navigation collapses to icons under 1600 px; resizes are acted on after 500 ms of quiet. */
export const NAVIGATION_WIDE_MIN_PX = 1600;
export const RESIZE_DEBOUNCE_MS = 500;

export function isNavigationWide(windowWidthPx: number): boolean {
  return windowWidthPx >= NAVIGATION_WIDE_MIN_PX;
}
