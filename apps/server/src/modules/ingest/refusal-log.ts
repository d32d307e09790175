import type { FastifyBaseLogger } from 'fastify';

/** What the log needs of a refused message (a dead letter). */
export interface Refusal {
  tenantId: string | null;
  source: 'http' | 'mqtt';
  deviceId: string | null;
  reason: string;
}

/** One warn line per device and reason in this time, with how many were refused. */
export const REFUSAL_LOG_WINDOW_MS = 60_000;
/** Devices and reasons tracked at once; past this, refusals are counted under one line ("many devices"). */
const MAX_TRACKED = 10_000;

interface Tally {
  tenantId: string | null;
  deviceId: string | null;
  source: 'http' | 'mqtt';
  reason: string;
  example: string;
  /** Start of the window whose first refusal was logged; later ones within it are only counted. */
  windowStart: number;
  unlogged: number;
}

/** The reason's code: the dead letters' reasons read "<code>: <detail>". */
const reasonCode = (reason: string) => /^[a-z_]+(?=:)/.exec(reason)?.[0] ?? 'refused';

/**
 * Logs refused device messages in aggregate, so that a misconfigured device is seen in the log without one line per
 * message: the first refusal of a device and reason is logged at once, the ones that follow within the minute are
 * counted and logged together when the minute is over (by `sweep`, which the timer runs every minute, or by the next
 * refusal after it).
 */
export function createRefusalLog(log: Pick<FastifyBaseLogger, 'warn'>, now: () => number = Date.now) {
  const tallies = new Map<string, Tally>();

  const write = (tally: Tally, count: number) =>
    log.warn(
      {
        tenantId: tally.tenantId,
        deviceId: tally.deviceId,
        source: tally.source,
        reason: tally.reason,
        count,
        windowSeconds: REFUSAL_LOG_WINDOW_MS / 1000,
        example: tally.example,
      },
      `${count} device message(s) refused (${tally.reason}); see the device's refused messages or ingest_dead_letters`,
    );

  const sweep = () => {
    const at = now();
    for (const [key, tally] of tallies) {
      if (at - tally.windowStart < REFUSAL_LOG_WINDOW_MS) continue;
      if (tally.unlogged > 0) write(tally, tally.unlogged);
      tallies.delete(key);
    }
  };

  const timer = setInterval(sweep, REFUSAL_LOG_WINDOW_MS);
  timer.unref();

  return {
    record(refusals: readonly Refusal[]): void {
      const at = now();
      for (const refusal of refusals) {
        const code = reasonCode(refusal.reason);
        let key = `${refusal.tenantId ?? ''}\u0000${refusal.deviceId ?? ''}\u0000${refusal.source}\u0000${code}`;
        let deviceId = refusal.deviceId;
        if (!tallies.has(key) && tallies.size >= MAX_TRACKED) {
          key = `\u0000many\u0000${code}`;
          deviceId = '(many devices)';
        }
        const tally = tallies.get(key);
        if (tally && at - tally.windowStart < REFUSAL_LOG_WINDOW_MS) {
          tally.unlogged += 1;
          continue;
        }
        if (tally && tally.unlogged > 0) write(tally, tally.unlogged); // the last window's remainder
        const fresh: Tally = {
          tenantId: refusal.tenantId,
          deviceId,
          source: refusal.source,
          reason: code,
          example: refusal.reason.slice(0, 300),
          windowStart: at,
          unlogged: 0,
        };
        tallies.set(key, fresh);
        write(fresh, 1);
      }
    },
    /** Logs the counts of windows that are over (the timer calls it every minute). */
    sweep,
    close(): void {
      clearInterval(timer);
    },
  };
}
export type RefusalLog = ReturnType<typeof createRefusalLog>;
