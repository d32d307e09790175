import type { FastifyBaseLogger } from 'fastify';
import { sendFleetWindow, type SendMessages } from './demo-power-seed';
import { sendTrackingWindow } from './demo-tracking';

export const LIVE_TICK_MS = 60_000;

/** A kind of demo data that reports live: sends whatever its devices produced in (fromMs, toMs]. */
interface LiveStream {
  name: string;
  sendWindow: (send: SendMessages, fromMs: number, toMs: number) => Promise<number>;
}

const LIVE_STREAMS: readonly LiveStream[] = [
  { name: 'power', sendWindow: (send, fromMs, toMs) => sendFleetWindow(send, fromMs, toMs, toMs) },
  { name: 'tracking', sendWindow: (send, fromMs, toMs) => sendTrackingWindow(send, fromMs, toMs) },
];

/**
 * Keeps the demo fleets reporting: every minute, whatever each device produced since the last tick
 * (devices report every 15 minutes at staggered minutes, so about a fifteenth of them each time).
 * Each stream keeps its own cursor, so one that fails is retried next tick without holding back the other.
 */
export function startLiveSimulator(send: SendMessages, sinceMs: number, log: FastifyBaseLogger, now: () => number = Date.now): () => void {
  const lastMs = new Map(LIVE_STREAMS.map((stream) => [stream.name, sinceMs]));
  let running = false;
  const report = async (stream: LiveStream, nowMs: number) => {
    try {
      const sent = await stream.sendWindow(send, lastMs.get(stream.name) ?? sinceMs, nowMs);
      lastMs.set(stream.name, nowMs);
      log.debug({ stream: stream.name, sent }, 'demo devices reported');
    } catch (error) {
      log.warn({ err: error, stream: stream.name }, 'demo live messages failed; retrying next tick');
    }
  };
  const tick = async () => {
    if (running) return; // a slow tick is never overlapped by the next
    running = true;
    const nowMs = now();
    try {
      for (const stream of LIVE_STREAMS) await report(stream, nowMs);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), LIVE_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
