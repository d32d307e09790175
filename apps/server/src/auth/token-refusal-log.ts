import type { FastifyBaseLogger } from 'fastify';
import { createAggregateLog } from '../logging/aggregate-log';

/** One line per reason in this time; the refusals that follow within it are counted, and logged when it is over. */
export const TOKEN_REFUSAL_LOG_WINDOW_MS = 60_000;

/** A refusal as the log takes it: never the token, only why it was refused. */
export interface LoggedRefusal {
  /** A TokenRefusalReason, or 'issuer_unavailable' when the keys could not be fetched. */
  reason: string;
  description: string;
}

/** An expired token is routine (a tab left open); every other reason means sign-in is set up wrongly, or an attack. */
const levelOf = (reason: string) => (reason === 'expired' ? 'info' : 'warn');

/**
 * Logs refused bearer tokens in aggregate (logging/aggregate-log.ts), so that a misconfigured provider is seen in the
 * log at once, without one line per request: one line per reason a minute, with the latest example. The reasons are a
 * short fixed list, so the tallies stay small.
 */
export function createTokenRefusalLog(log: Pick<FastifyBaseLogger, 'warn' | 'info'>, now: () => number = Date.now) {
  /** The first refusal of a window (count 1), or the ones held back in it (`suppressed`: their count). */
  const write = ({ reason, description }: LoggedRefusal, count: number, suppressed: boolean) =>
    log[levelOf(reason)](
      { reason, description, count, suppressed, windowSeconds: TOKEN_REFUSAL_LOG_WINDOW_MS / 1000 },
      suppressed
        ? `${count} more bearer token(s) refused (${reason}) within the minute, not logged one by one: ${description}`
        : `bearer token refused (${reason}): ${description}`,
    );
  const aggregate = createAggregateLog<LoggedRefusal, LoggedRefusal>({
    windowMs: TOKEN_REFUSAL_LOG_WINDOW_MS,
    start: (refusal) => ({ ...refusal }),
    add: (tally, refusal) => {
      tally.description = refusal.description; // the latest example
    },
    writeFirst: (_reason, refusal) => write(refusal, 1, false),
    writeRest: (_reason, tally, count) => write(tally, count, true),
    now,
  });

  return {
    record: (refusal: LoggedRefusal): void => aggregate.record(refusal.reason, refusal),
    /** Logs the counts of windows that are over (the timer calls it every minute). */
    sweep: () => aggregate.sweep(),
    close: () => aggregate.close(),
  };
}
export type TokenRefusalLog = ReturnType<typeof createTokenRefusalLog>;
