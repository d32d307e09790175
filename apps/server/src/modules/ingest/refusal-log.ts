import type { FastifyBaseLogger } from 'fastify';
import { createAggregateLog } from '../../logging/aggregate-log';

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

/** A refusal as logged: the reason's code, and the first refusal's whole reason as the example. */
interface Logged {
  tenantId: string | null;
  deviceId: string | null;
  source: 'http' | 'mqtt';
  reason: string;
  example: string;
}

/** The reason's code: the dead letters' reasons read "<code>: <detail>". */
const reasonCode = (reason: string) => /^[a-z_]+(?=:)/.exec(reason)?.[0] ?? 'refused';

/**
 * Logs refused device messages in aggregate (logging/aggregate-log.ts), so that a misconfigured device is seen in the
 * log without one line per message: one line per device and reason a minute, with how many were refused.
 */
export function createRefusalLog(log: Pick<FastifyBaseLogger, 'warn'>, now: () => number = Date.now) {
  const write = (logged: Logged, count: number) =>
    log.warn(
      { ...logged, count, windowSeconds: REFUSAL_LOG_WINDOW_MS / 1000 },
      `${count} device message(s) refused (${logged.reason}); see the device's refused messages or ingest_dead_letters`,
    );
  const aggregate = createAggregateLog<Logged, Logged>({
    windowMs: REFUSAL_LOG_WINDOW_MS,
    start: (logged) => logged,
    writeFirst: (_key, logged) => write(logged, 1),
    writeRest: (_key, logged, count) => write(logged, count),
    maxKeys: MAX_TRACKED,
    overflow: (logged) => ({ key: `\u0000many\u0000${logged.reason}`, event: { ...logged, deviceId: '(many devices)' } }),
    now,
  });

  return {
    record(refusals: readonly Refusal[]): void {
      for (const refusal of refusals) {
        const code = reasonCode(refusal.reason);
        aggregate.record(`${refusal.tenantId ?? ''}\u0000${refusal.deviceId ?? ''}\u0000${refusal.source}\u0000${code}`, {
          tenantId: refusal.tenantId,
          deviceId: refusal.deviceId,
          source: refusal.source,
          reason: code,
          example: refusal.reason.slice(0, 300),
        });
      }
    },
    sweep: () => aggregate.sweep(),
    close: () => aggregate.close(),
  };
}
export type RefusalLog = ReturnType<typeof createRefusalLog>;
