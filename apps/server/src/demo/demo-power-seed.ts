import { createHash } from 'node:crypto';
import type { DeviceMessage } from '@gridlens/contract/ingest';
import { INGEST_BATCH_MAX } from '@gridlens/contract/ingest';
import type { Database } from '../db/database';
import { createIngestKeysRepository } from '../modules/ingest/ingest-keys.repository';
import { createPowerDevicesRepository } from '../modules/power-devices/power-devices.repository';
import { demoFleet, type DemoDevice } from './demo-fleet';
import { demoMessages } from './demo-messages';

/** The demo tenants' ingest keys: fixed so that the docs and scripts can use them. Created only with demo data. */
export const DEMO_INGEST_KEYS: Record<string, string> = {
  netzero: 'glk_de000001_gridlens-demo-ingest-key-not-for-production-use1',
  gridwest: 'glk_de000002_gridlens-demo-ingest-key-not-for-production-use2',
};
const DAY_MS = 86_400_000;

/** The demo power-data fleets: NetZero's 300 transformers and a small GridWest fleet (to show tenant isolation). */
export function demoFleets(): { tenantId: string; devices: DemoDevice[] }[] {
  return [
    { tenantId: 'netzero', devices: demoFleet() },
    { tenantId: 'gridwest', devices: demoFleet(24, 77, 'GW') },
  ];
}

export type SendMessages = (tenantId: string, messages: DeviceMessage[]) => Promise<void>;

/** Sends everything the fleets produced in (fromMs, toMs], a day at a time, in batches the ingest API accepts. */
export async function sendFleetWindow(send: SendMessages, fromMs: number, toMs: number, nowMs: number): Promise<number> {
  let sent = 0;
  for (const { tenantId, devices } of demoFleets()) {
    for (let start = fromMs; start < toMs; start += DAY_MS) {
      const end = Math.min(toMs, start + DAY_MS);
      const messages = devices.flatMap((device) => demoMessages(device, start, end, nowMs));
      for (let i = 0; i < messages.length; i += INGEST_BATCH_MAX) {
        await send(tenantId, messages.slice(i, i + INGEST_BATCH_MAX));
        // PGlite settles its promises as microtasks; without a macrotask turn here, HTTP requests would wait for the whole seed.
        await new Promise((resolve) => setImmediate(resolve));
      }
      sent += messages.length;
    }
  }
  return sent;
}

/**
 * Registers the demo fleets and the demo ingest key (idempotent), then fills history: 28 days on a
 * new database, or the gap since the newest stored reading when the demo ran before.
 */
export async function seedDemoPowerData(
  db: Database,
  send: SendMessages,
  nowMs: number,
  historyDays: number,
): Promise<{ messages: number; fromMs: number }> {
  const devices = createPowerDevicesRepository(db);
  for (const { tenantId, devices: fleet } of demoFleets()) {
    for (const device of fleet) await devices.insert(tenantId, device.registration);
  }
  for (const [tenantId, key] of Object.entries(DEMO_INGEST_KEYS)) {
    await createIngestKeysRepository(db).ensure(tenantId, {
      name: 'Demo simulator',
      prefix: key.slice(4, 12),
      secretSha256: createHash('sha256').update(key).digest(),
      createdBy: 'demo-seed',
    });
  }
  const newest = await devices.newestReadingAt('netzero');
  const fromMs = Math.max(nowMs - historyDays * DAY_MS, newest ? newest.getTime() : 0);
  const messages = await sendFleetWindow(send, fromMs, nowMs, nowMs);
  return { messages, fromMs };
}
