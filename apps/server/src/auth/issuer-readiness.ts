import type { FastifyBaseLogger } from 'fastify';
import type { StartupTasks } from '../http/health.routes';
import type { IssuerKeys } from './issuer-keys';
import { IssuerUnavailableError } from './token-verifier';

/** The readiness check's name for the external identity provider (/readyz's `checks`). */
export const IDENTITY_PROVIDER_CHECK = 'identity_provider';

/** Waits between attempts, the last repeated: quick at first (the provider starting beside the portal), then every 30 s. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Checks the external issuer at start-up (discovery and its key set) until it answers: meanwhile /readyz answers 503
 * with `identity_provider: "unavailable: <why>"`, and each failed attempt is logged, so that a wrong OIDC_ISSUER or
 * a provider that is down is seen before the first user signs in. Returns a function that stops the retries.
 */
export function checkIssuerAtStartUp(
  issuer: string,
  issuerKeys: Pick<IssuerKeys, 'check'>,
  tasks: StartupTasks,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  tasks.set(IDENTITY_PROVIDER_CHECK, 'checking');
  const attempt = async () => {
    try {
      await issuerKeys.check();
      if (stopped) return;
      tasks.delete(IDENTITY_PROVIDER_CHECK);
      log.info({ issuer }, 'identity provider ready: discovery and signing keys fetched');
    } catch (error) {
      if (stopped) return;
      const reason = error instanceof IssuerUnavailableError ? error.message : String(error);
      const delayMs = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 30_000;
      failures += 1;
      tasks.set(IDENTITY_PROVIDER_CHECK, `unavailable: ${reason}`);
      log.error(
        { issuer, reason, attempts: failures, retryInSeconds: delayMs / 1000 },
        `identity provider not reachable (${reason}): nobody can use the API until it is; trying again`,
      );
      timer = setTimeout(() => void attempt(), delayMs);
    }
  };
  void attempt();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
