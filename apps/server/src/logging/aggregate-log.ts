/**
 * Log lines in aggregate, for events that can come thousands a minute (refused device messages, refused tokens,
 * failed broker sign-ins): the first event of a key in a window is logged at once, the ones that follow within the
 * window are counted into a tally and logged together when it is over (by `sweep`, which a timer runs every window,
 * or by the key's next event after it). So a fault is seen in the log at once, and never as one line per event.
 */
export interface AggregateLogOptions<E, T> {
  windowMs: number;
  /** The tally a window starts with, from its first event. */
  start: (event: E) => T;
  /** Counts a later event of the window into its tally (the count itself is kept here). */
  add?: (tally: T, event: E) => void;
  /** Logs a window's first event. */
  writeFirst: (key: string, event: E) => void;
  /** Logs what followed a window's first event: `count` events, tallied. */
  writeRest: (key: string, tally: T, count: number) => void;
  /** Keys tracked at once; past this, a new key's event is recorded as `overflow` makes it (a shared key). */
  maxKeys?: number;
  overflow?: (event: E) => { key: string; event: E };
  now?: () => number;
}

interface Window<T> {
  start: number;
  tally: T;
  unlogged: number;
}

export function createAggregateLog<E, T>(options: AggregateLogOptions<E, T>) {
  const { windowMs, start, add, writeFirst, writeRest, maxKeys = Infinity, overflow } = options;
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window<T>>();

  const flush = (key: string, window: Window<T>) => {
    if (window.unlogged > 0) writeRest(key, window.tally, window.unlogged);
  };

  const sweep = () => {
    const at = now();
    for (const [key, window] of windows) {
      if (at - window.start < windowMs) continue;
      flush(key, window);
      windows.delete(key);
    }
  };

  const timer = setInterval(sweep, windowMs);
  timer.unref();

  return {
    record(key: string, event: E): void {
      if (overflow && !windows.has(key) && windows.size >= maxKeys) ({ key, event } = overflow(event));
      const at = now();
      const window = windows.get(key);
      if (window && at - window.start < windowMs) {
        window.unlogged += 1;
        add?.(window.tally, event);
        return;
      }
      if (window) flush(key, window); // the last window's remainder
      windows.set(key, { start: at, tally: start(event), unlogged: 0 });
      writeFirst(key, event);
    },
    /** Logs the count of the key's window now and forgets it, over or not: its events have stopped (a fault ended). */
    end(key: string): void {
      const window = windows.get(key);
      if (!window) return;
      flush(key, window);
      windows.delete(key);
    },
    /** Logs the counts of windows that are over (the timer calls it every window). */
    sweep,
    close(): void {
      clearInterval(timer);
    },
  };
}
