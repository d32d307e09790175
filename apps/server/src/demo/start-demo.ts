import type { FastifyInstance } from 'fastify';
import type { ModuleGraph } from '../module-graph';
import { DEMO_INGEST_KEYS, ingestServiceSender, seedDemoPowerData, type SendMessages } from './demo-power-seed';
import { prepareDemoTracking, sendDemoTrackingHistory } from './demo-tracking';
import { startLiveSimulator } from './live-simulator';

/** Live readings go through the real HTTP route with the tenant's demo ingest key, like a device's would. */
export const httpSender =
  (app: FastifyInstance): SendMessages =>
  async (tenantId, messages) => {
    const key = DEMO_INGEST_KEYS[tenantId];
    if (!key) throw new Error(`No demo ingest key for tenant ${tenantId}`);
    const response = await app.inject({
      method: 'POST',
      url: '/ingest/v1/messages',
      headers: { authorization: `Bearer ${key}` },
      payload: { v: 1, messages },
    });
    if (response.statusCode !== 200) throw new Error(`demo ingest answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  };

/** Days of history on a fresh database: the power fleets' (DEMO_HISTORY_DAYS) and FleetCo's (DEMO_TRACKING_HISTORY_DAYS). */
export interface DemoHistory {
  powerDays: number;
  trackingDays: number;
}

/**
 * Seeds the demo power data and then the tracking data (its ingest key comes with the power seed's), then keeps
 * both live from the instant seeding started. Resolves when seeding is done. FleetCo's trackers and POIs are
 * registered first (a second), so that a fleet operator who signs in while the power history is still being sent
 * sees the fleet, not an empty list.
 */
export async function startDemo(app: FastifyInstance, graph: ModuleGraph, history: DemoHistory): Promise<() => void> {
  const startedMs = Date.now();
  const send = ingestServiceSender(graph.ingest.service, app.log);
  const prepared = await prepareDemoTracking(graph);
  const { messages, fromMs } = await seedDemoPowerData(graph, send, startedMs, history.powerDays);
  app.log.info({ messages, from: new Date(fromMs).toISOString(), seconds: (Date.now() - startedMs) / 1000 }, 'demo power data seeded');
  const trackingStartedMs = Date.now();
  const tracking = await sendDemoTrackingHistory(graph, send, startedMs, history.trackingDays);
  app.log.info(
    { ...prepared, ...tracking, from: new Date(tracking.fromMs).toISOString(), seconds: (Date.now() - trackingStartedMs) / 1000 },
    'demo tracking data seeded',
  );
  return startLiveSimulator(httpSender(app), startedMs, app.log);
}
