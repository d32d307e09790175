import type { FastifyBaseLogger } from 'fastify';

/** One line per reason in this time; the refusals that follow within it are counted, and logged when it is over. */
export const TOKEN_REFUSAL_LOG_WINDOW_MS = 60_000;

/** A refusal as the log takes it: never the token, only why it was refused. */
export interface LoggedRefusal {
  /** A TokenRefusalReason, or 'issuer_unavailable' when the keys could not be fetched. */
  reason: string;
  description: string;
}

interface Tally {
  description: string;
  windowStart: number;
  suppressed: number;
}

/** An expired token is routine (a tab left open); every other reason means sign-in is set up wrongly, or an attack. */
const levelOf = (reason: string) => (reason === 'expired' ? 'info' : 'warn');

/**
 * Logs refused bearer tokens so that a misconfigured provider is seen in the log at once, without one line per
 * request: the first refusal of a reason is logged, the ones that follow within the minute are counted and logged
 * together when the minute is over (by `sweep`, which a timer runs every minute, or by the next refusal after it).
 * The reasons are a short fixed list, so the tallies stay small.
 */
export function createTokenRefusalLog(log: Pick<FastifyBaseLogger, 'warn' | 'info'>, now: () => number = Date.now) {
  const tallies = new Map<string, Tally>();

  /** The first refusal of a window (count 1), or the ones held back in it (`suppressed`: their count). */
  const write = (reason: string, description: string, count: number, suppressed: boolean) =>
    log[levelOf(reason)](
      { reason, description, count, suppressed, windowSeconds: TOKEN_REFUSAL_LOG_WINDOW_MS / 1000 },
      suppressed
        ? `${count} more bearer token(s) refused (${reason}) within the minute, not logged one by one: ${description}`
        : `bearer token refused (${reason}): ${description}`,
    );

  const sweep = () => {
    const at = now();
    for (const [reason, tally] of tallies) {
      if (at - tally.windowStart < TOKEN_REFUSAL_LOG_WINDOW_MS) continue;
      if (tally.suppressed > 0) write(reason, tally.description, tally.suppressed, true);
      tallies.delete(reason);
    }
  };

  const timer = setInterval(sweep, TOKEN_REFUSAL_LOG_WINDOW_MS);
  timer.unref();

  return {
    record({ reason, description }: LoggedRefusal): void {
      const at = now();
      const tally = tallies.get(reason);
      if (tally && at - tally.windowStart < TOKEN_REFUSAL_LOG_WINDOW_MS) {
        tally.suppressed += 1;
        tally.description = description; // the latest example
        return;
      }
      if (tally && tally.suppressed > 0) write(reason, tally.description, tally.suppressed, true); // the last window's remainder
      tallies.set(reason, { description, windowStart: at, suppressed: 0 });
      write(reason, description, 1, false);
    },
    /** Logs the counts of windows that are over (the timer calls it every minute). */
    sweep,
    close(): void {
      clearInterval(timer);
    },
  };
}
export type TokenRefusalLog = ReturnType<typeof createTokenRefusalLog>;
