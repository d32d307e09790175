import type { FastifyBaseLogger } from 'fastify';
import { sendFleetWindow, type SendMessages } from './demo-power-seed';

export const LIVE_TICK_MS = 60_000;

/**
 * Keeps the demo fleets reporting: every minute, whatever each device produced since the last tick
 * (devices report every 15 minutes at staggered minutes, so about a fifteenth of them each time).
 */
export function startLiveSimulator(send: SendMessages, sinceMs: number, log: FastifyBaseLogger, now: () => number = Date.now): () => void {
  let lastMs = sinceMs;
  let running = false;
  const tick = async () => {
    if (running) return; // a slow tick is never overlapped by the next
    running = true;
    const nowMs = now();
    try {
      const sent = await sendFleetWindow(send, lastMs, nowMs, nowMs);
      lastMs = nowMs;
      log.debug({ sent }, 'demo devices reported');
    } catch (error) {
      log.warn({ err: error }, 'demo live messages failed; retrying next tick');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), LIVE_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
