import type { FastifyBaseLogger } from 'fastify';
import { createAggregateLog } from '../../logging/aggregate-log';

/** Why a sign-in to the embedded broker failed. */
export type SignInFailure = 'no_key' | 'bad_key' | 'client_id_taken' | 'held_back';

export interface SignInGuardOptions {
  /** Failures an address may have before its attempts are held (a device with a mistyped key is not slowed at once). */
  freeFailures?: number;
  /** How long the first held attempt waits, doubling with each further failure … */
  baseDelayMs?: number;
  /** … up to this. */
  maxDelayMs?: number;
  /** An address's failures are forgotten after this long without one. */
  forgetAfterMs?: number;
  /** An attempt that would wait longer than this behind the address's others is refused at once, its key unchecked. */
  maxWaitMs?: number;
  now?: () => number;
  /** Resolves after `ms` (tests pass one that does not wait). */
  wait?: (ms: number) => Promise<void>;
}

export const SIGN_IN_DEFAULTS = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  forgetAfterMs: 15 * 60_000,
  maxWaitMs: 60_000,
} as const;

/** One warn line per address a minute at most. */
export const SIGN_IN_LOG_WINDOW_MS = 60_000;
/** Addresses tracked at once; past this, new ones share one entry (and its delay): a spread-out attack is slowed too. */
const MAX_TRACKED = 10_000;
const MANY = '(many addresses)';

interface AddressState {
  failures: number;
  lastFailureAt: number;
  /** When the last attempt let through or queued is checked: the next one waits its delay after it. */
  nextAt: number;
}

/** A failed sign-in as logged, with the address's standing at the time. */
interface LoggedFailure {
  reason: SignInFailure;
  failuresSoFar: number;
  heldSeconds: number;
  lastUsername: string | null;
  lastClientId: string | null;
}

/** What followed a minute's first failure: the latest standing, and the count of each reason. */
interface FailureTally extends Omit<LoggedFailure, 'reason'> {
  reasons: Map<SignInFailure, number>;
}

const defaultWait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Failed sign-ins to the embedded broker, per address: logged in aggregate (the first of a minute at once, the rest of
 * the minute as one line with their count), and a guessing address slowed. Past `freeFailures` failures, every
 * attempt from the address waits before its key is checked, `baseDelayMs` doubling with each further failure up to
 * `maxDelayMs`, one attempt after another: parallel connections queue behind each other rather than guess side by
 * side, and one that would wait more than `maxWaitMs` is refused at once. The wait comes before the check, whatever
 * the key, so that its length tells nothing about the key. Failures are forgotten after `forgetAfterMs` without one.
 */
export function createSignInGuard(log: Pick<FastifyBaseLogger, 'warn'>, options: SignInGuardOptions = {}) {
  const { freeFailures, baseDelayMs, maxDelayMs, forgetAfterMs, maxWaitMs } = { ...SIGN_IN_DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const wait = options.wait ?? defaultWait;
  const states = new Map<string, AddressState>();

  const delayFor = (failures: number) => (failures < freeFailures ? 0 : Math.min(baseDelayMs * 2 ** (failures - freeFailures), maxDelayMs));

  /** The address's entry, or the shared one once too many addresses are tracked. */
  const keyOf = (address: string) => (states.has(address) || states.size < MAX_TRACKED ? address : MANY);

  const write = (address: string, failure: Omit<LoggedFailure, 'reason'>, count: number, reasons: ReadonlyMap<SignInFailure, number>) =>
    log.warn(
      { address, count, windowSeconds: SIGN_IN_LOG_WINDOW_MS / 1000, reasons: Object.fromEntries(reasons), ...failure },
      `${count} failed MQTT sign-in(s) from ${address}`,
    );
  const failures = createAggregateLog<LoggedFailure, FailureTally>({
    windowMs: SIGN_IN_LOG_WINDOW_MS,
    start: ({ reason: _reason, ...standing }) => ({ ...standing, reasons: new Map() }),
    add: (tally, { reason, ...standing }) => {
      Object.assign(tally, standing);
      tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + 1);
    },
    writeFirst: (address, { reason, ...standing }) => write(address, standing, 1, new Map([[reason, 1]])),
    writeRest: (address, { reasons, ...standing }, count) => write(address, standing, count, reasons),
    now,
  });

  /** Logs the log windows that are over, and forgets addresses quiet for `forgetAfterMs`. */
  const sweep = () => {
    const at = now();
    failures.sweep();
    for (const [address, state] of states) {
      if (at - state.lastFailureAt >= forgetAfterMs && state.nextAt <= at) states.delete(address);
    }
  };
  const timer = setInterval(sweep, SIGN_IN_LOG_WINDOW_MS);
  timer.unref();

  const record = (address: string, reason: SignInFailure, username: string | null, clientId: string | null) => {
    const at = now();
    const key = keyOf(address);
    let state = states.get(key);
    if (!state || (at - state.lastFailureAt >= forgetAfterMs && state.nextAt <= at)) {
      state = { failures: 0, lastFailureAt: at, nextAt: at };
      states.set(key, state);
    }
    if (reason !== 'held_back') {
      state.failures += 1;
      state.lastFailureAt = at;
    }
    failures.record(key, {
      reason,
      failuresSoFar: state.failures,
      heldSeconds: delayFor(state.failures) / 1000,
      lastUsername: username?.slice(0, 100) ?? null,
      lastClientId: clientId?.slice(0, 100) ?? null,
    });
  };

  return {
    /**
     * Waits this attempt's turn, if the address has been guessing; false: refused without checking the key (too many
     * attempts waiting already).
     */
    async admit(address: string): Promise<boolean> {
      const state = states.get(keyOf(address));
      if (!state) return true;
      const at = now();
      if (at - state.lastFailureAt >= forgetAfterMs) return true;
      const delay = delayFor(state.failures);
      if (delay === 0) return true;
      const turn = Math.max(at, state.nextAt) + delay;
      if (turn - at > maxWaitMs) return false;
      state.nextAt = turn;
      await wait(turn - at);
      return true;
    },
    /** A failed sign-in (or an attempt held back), logged in aggregate; failures lengthen the address's wait. */
    failed(
      address: string,
      reason: SignInFailure,
      details: { username?: string | null | undefined; clientId?: string | null | undefined } = {},
    ) {
      record(address, reason, details.username ?? null, details.clientId ?? null);
    },
    /** The wait an attempt from `address` would get now (ms), before any queued ones. */
    delayOf(address: string): number {
      const state = states.get(keyOf(address));
      return state && now() - state.lastFailureAt < forgetAfterMs ? delayFor(state.failures) : 0;
    },
    /** Logs the counts of windows that are over, and forgets quiet addresses (the timer runs it every minute). */
    sweep,
    close(): void {
      clearInterval(timer);
      failures.close();
    },
  };
}
export type SignInGuard = ReturnType<typeof createSignInGuard>;
