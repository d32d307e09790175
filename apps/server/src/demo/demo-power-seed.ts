import type { DeviceMessage } from '@gridlens/contract/ingest';
import { INGEST_BATCH_MAX } from '@gridlens/contract/ingest';
import type { ModuleGraph } from '../module-graph';
import type { StoredRule } from '../modules/alerts/alerts.module';
import { demoFleet, type DemoDevice } from './demo-fleet';
import { demoMessages } from './demo-messages';
import { DEMO_INSTALLER, demoRollout } from './demo-rollout';
import { DAY_MS } from '@gridlens/domain/time-range';
import { IMBALANCE_FLAG_PERCENT, ratedPhaseCurrentA } from '@gridlens/domain/power/electrical';
import { TEMPERATURE_OVER_LIMIT_C } from '@gridlens/domain/power/temperature-checks';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from '../modules/ingest/ingest.module';

/** The modules the power demo writes through: the registry, the ingest keys, the alert rules, and the readings it resumes from. */
export type DemoPowerModules = Pick<ModuleGraph, 'assets' | 'ingest' | 'alerts' | 'powerReadings' | 'rollout' | 'coverage'>;

/** The demo tenants' ingest keys: fixed so that the docs and scripts can use them. Created only with demo data. */
export const DEMO_INGEST_KEYS: Record<string, string> = {
  netzero: 'glk_de000011_demo-ingest-key-not-for-production-use-0001',
  gridwest: 'glk_de000012_demo-ingest-key-not-for-production-use-0002',
  fleetco: 'glk_de000013_demo-ingest-key-not-for-production-use-0003',
};

/** The demo power-data fleets: NetZero's 300 transformers and a small GridWest fleet (to show tenant isolation). */
export function demoFleets(): { tenantId: string; devices: DemoDevice[] }[] {
  return [
    { tenantId: 'netzero', devices: demoFleet() },
    { tenantId: 'gridwest', devices: demoFleet(24, 77, 'GW') },
  ];
}

export type SendMessages = (tenantId: string, messages: DeviceMessage[]) => Promise<void>;

/**
 * Sends straight to the ingest service (same validation, storage, rollups and after-store hook as the HTTP
 * route, without JSON round trips), and says so when a simulated message is rejected rather than losing it quietly.
 */
export const ingestServiceSender =
  (ingest: IngestService, log: Pick<FastifyBaseLogger, 'warn'>): SendMessages =>
  async (tenantId, messages) => {
    const result = await ingest.ingest(tenantId, 'http', messages);
    if (result.rejected > 0) {
      const reasons = [...new Set(result.results.flatMap((r) => (r.status === 'rejected' && r.reason ? [r.reason] : [])))];
      log.warn({ tenantId, rejected: result.rejected, reasons: reasons.slice(0, 5) }, 'some simulated messages were rejected');
    }
  };

/**
 * Sends what one tenant's fleet produced in (fromMs, toMs], a day at a time, in time order and in batches
 * the ingest API accepts. Time order means an interrupted run leaves a clean cut at some instant, so the
 * next run can resume from the newest stored reading without leaving holes.
 */
async function sendTenantWindow(
  send: SendMessages,
  tenantId: string,
  devices: DemoDevice[],
  fromMs: number,
  toMs: number,
  nowMs: number,
): Promise<number> {
  let sent = 0;
  for (let start = fromMs; start < toMs; start += DAY_MS) {
    const end = Math.min(toMs, start + DAY_MS);
    const messages = devices
      .flatMap((device) => demoMessages(device, start, end, nowMs))
      .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
    for (let i = 0; i < messages.length; i += INGEST_BATCH_MAX) {
      await send(tenantId, messages.slice(i, i + INGEST_BATCH_MAX));
      // PGlite settles its promises as microtasks; without a macrotask turn here, HTTP requests would wait for the whole seed.
      await new Promise((resolve) => setImmediate(resolve));
    }
    sent += messages.length;
  }
  return sent;
}

/** Sends everything every demo fleet produced in (fromMs, toMs] (the live simulator's tick). */
export async function sendFleetWindow(send: SendMessages, fromMs: number, toMs: number, nowMs: number): Promise<number> {
  let sent = 0;
  for (const { tenantId, devices } of demoFleets()) sent += await sendTenantWindow(send, tenantId, devices, fromMs, toMs, nowMs);
  return sent;
}

/** The rating whose rated phase current the demo's current rules watch: the middle of the demo's ratings. */
const DEMO_CURRENT_RULE_RATING_KVA = 400;

/**
 * The power-data demo's alert rules, fleet-wide, at the limits the Assets screen's warnings use: a tank over its
 * temperature limit, an imbalance past the imbalance flag, and a phase over the rated current of a 400 kVA
 * transformer (580 A; a rule's threshold is a fixed value, not a share of each device's rating). The Active
 * Alerts screen then shows what the Assets screen warns about, from the start.
 */
export const DEMO_POWER_RULES: readonly Pick<StoredRule, 'trigger_field' | 'trigger_operator' | 'trigger_value'>[] = [
  { trigger_field: 'temperature_max', trigger_operator: '>', trigger_value: TEMPERATURE_OVER_LIMIT_C },
  { trigger_field: 'imbalance', trigger_operator: '>', trigger_value: IMBALANCE_FLAG_PERCENT },
  ...(['current_max_ph1', 'current_max_ph2', 'current_max_ph3'] as const).map((field) => ({
    trigger_field: field,
    trigger_operator: '>' as const,
    trigger_value: Math.round(ratedPhaseCurrentA(DEMO_CURRENT_RULE_RATING_KVA)),
  })),
];
const NETWORK_DESK = { name: 'Network desk', email: 'network-desk@netzero.example', nickname: null };

/**
 * Adds the demo power rules to each power-data demo tenant, with the network desk as recipient, only while the
 * tenant has no power rules: a user's changes and deletions survive a restart (as the tracking demo's rules).
 * Returns how many were added.
 */
async function seedDemoPowerRules({ alerts }: DemoPowerModules): Promise<number> {
  const rules = DEMO_POWER_RULES.map((rule): StoredRule => ({ ...rule, device_id: null, device_type: null, notify_on_clear: false }));
  let added = 0;
  for (const { tenantId } of demoFleets()) added += await alerts.addRulesUnlessAny(tenantId, 'powerdata', rules, NETWORK_DESK, 'demo-seed');
  return added;
}

/**
 * Registers the demo fleets, the demo ingest keys and the demo alert rules (idempotent), then fills history per
 * tenant: `historyDays` on a new database, or the gap since the tenant's newest stored reading. The rules go in
 * before the history, so that it is judged by them and the Active Alerts screen has occurrences when the demo opens.
 */
export async function seedDemoPowerData(
  modules: DemoPowerModules,
  send: SendMessages,
  nowMs: number,
  historyDays: number,
): Promise<{ messages: number; fromMs: number }> {
  for (const { tenantId, devices: fleet } of demoFleets()) {
    for (const device of fleet) await modules.assets.registerIfNew(tenantId, device.registration);
  }
  // NetZero's rollout, before the history is sent: its fitted monitors are Active already, so their messages change
  // nothing, and the ones that never send stay fitted but silent.
  const rollout = demoRollout(demoFleet(), nowMs);
  await modules.rollout.service.seedDemo('netzero', rollout);
  await modules.coverage.seedDemoTests('netzero', rollout.tests, DEMO_INSTALLER);
  for (const [tenantId, key] of Object.entries(DEMO_INGEST_KEYS))
    await modules.ingest.keys.ensureKnown(tenantId, 'Demo simulator', key, 'demo-seed');
  await seedDemoPowerRules(modules);
  let messages = 0;
  let earliestMs = nowMs;
  for (const { tenantId, devices: fleet } of demoFleets()) {
    const newest = await modules.powerReadings.newestReadingAt(tenantId);
    const fromMs = Math.max(nowMs - historyDays * DAY_MS, newest ? newest.getTime() : 0);
    earliestMs = Math.min(earliestMs, fromMs);
    messages += await sendTenantWindow(send, tenantId, fleet, fromMs, nowMs, nowMs);
  }
  return { messages, fromMs: earliestMs };
}
