import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTrackingRefresh, TRACKING_REFRESH_MS } from './tracking-refresh';

describe('the tracking refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes every 300 000 ms, and never again once stopped', () => {
    const refresh = vi.fn();
    const stop = startTrackingRefresh(refresh);
    expect(TRACKING_REFRESH_MS).toBe(300_000);
    vi.advanceTimersByTime(TRACKING_REFRESH_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2 * TRACKING_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(10 * TRACKING_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
