/** Spec §9: a tracking tenant's devices and locations refresh every 300 000 ms. */
export const TRACKING_REFRESH_MS = 300_000;

/** Refreshes tracking data every TRACKING_REFRESH_MS until the returned stop is called (the shell's teardown). */
export function startTrackingRefresh(refresh: () => void, intervalMs: number = TRACKING_REFRESH_MS): () => void {
  const timer = setInterval(refresh, intervalMs);
  return () => clearInterval(timer);
}
