import type { DeviceMessage } from '@gridlens/contract/ingest';
import { PQ_EVENT_TYPES } from '@gridlens/domain/power/enumerations';
import type { DemoDevice } from './demo-fleet';
import { simulateReading } from './demo-load-model';
import { seedOf, seededRandom } from '@gridlens/domain/seeded-random';

/** Monitors report every 15 minutes (brief §4). */
export const READING_INTERVAL_MS = 15 * 60_000;
/** Slot 0 of every demo device; a reading's seq is its slot number, so a re-sent slot is a duplicate. */
const SLOT_EPOCH_MS = Date.parse('2025-01-01T00:00:00Z');
const HOUR_MS = 3_600_000;

/** Each device reports at its own minute within the quarter hour, so live traffic is spread out. */
const offsetMs = (deviceId: string) => (seedOf(deviceId) % 15) * 60_000;

const chance = (deviceId: string, salt: string, slot: number) => seededRandom(seedOf(`${deviceId}:${salt}:${slot}`))();

/**
 * A device's link quality: each site has its own level (most strong, one in eight fair, the devices that miss
 * messages weak, so the coverage check has all three to show) with ±15 of message-to-message fading.
 */
function demoLqi(deviceId: string, missedMessageRate: number, slot: number): number {
  const seed = seedOf(`${deviceId}:site-lqi`);
  const site = missedMessageRate > 0.01 ? 60 + (seed % 35) : seed % 8 === 0 ? 100 + (seed % 35) : 150 + (seed % 70);
  const fading = Math.round((chance(deviceId, 'lqi', slot) - 0.5) * 30);
  return Math.max(0, Math.min(255, site + fading));
}

/** Every message a demo device sends in (fromMs, toMs]: readings, and for power-quality devices events, hydrogen and metering. */
export function demoMessages(device: DemoDevice, fromMs: number, toMs: number, nowMs: number): DeviceMessage[] {
  const { registration: reg, behaviour } = device;
  if (!behaviour.sends) return [];
  const silentFrom = behaviour.silentForHours > 0 ? nowMs - behaviour.silentForHours * HOUR_MS : Number.POSITIVE_INFINITY;
  const offset = offsetMs(reg.device_id);
  const firstSlot = Math.floor((fromMs - SLOT_EPOCH_MS - offset) / READING_INTERVAL_MS) + 1;
  const lastSlot = Math.floor((Math.min(toMs, silentFrom) - SLOT_EPOCH_MS - offset) / READING_INTERVAL_MS);
  const messages: DeviceMessage[] = [];
  for (let slot = firstSlot; slot <= lastSlot; slot += 1) {
    const t = SLOT_EPOCH_MS + offset + slot * READING_INTERVAL_MS;
    const time = new Date(t).toISOString();
    const r = simulateReading(reg.device_id, reg.rating_kva, behaviour, t);
    if (chance(reg.device_id, 'miss', slot) >= behaviour.missedMessageRate) {
      const daysRunning = (t - SLOT_EPOCH_MS) / 86_400_000;
      messages.push({
        kind: 'transformer',
        device_id: reg.device_id,
        seq: slot,
        time,
        current_max_a: r.currentMaxA,
        current_med_a: r.currentMedA,
        temperature_max_c: r.temperatureMaxC,
        temperature_med_c: r.temperatureMedC,
        battery_pct: Math.max(5, Math.round((behaviour.batteryStartPct - (daysRunning % 200) * 0.02) * 10) / 10),
        lqi: demoLqi(reg.device_id, behaviour.missedMessageRate, slot),
      });
    }
    if (!reg.power_quality_enabled) continue;
    if (chance(reg.device_id, 'pq', slot) < 0.012) {
      const type = PQ_EVENT_TYPES[Math.floor(chance(reg.device_id, 'pq-type', slot) * PQ_EVENT_TYPES.length)] ?? 'DIP';
      messages.push({
        kind: 'pq_event',
        device_id: reg.device_id,
        seq: slot,
        time: new Date(t - 7 * 60_000).toISOString(),
        event_type: type,
        priority: 1 + Math.floor(chance(reg.device_id, 'pq-priority', slot) * 4),
        phase: 1 + Math.floor(chance(reg.device_id, 'pq-phase', slot) * 3),
        duration_ms:
          type === 'LOSS_OF_MAINS'
            ? 60_000 + Math.floor(chance(reg.device_id, 'pq-duration', slot) * 3 * HOUR_MS)
            : Math.floor(chance(reg.device_id, 'pq-duration', slot) * 2000),
        magnitude:
          type === 'DIP'
            ? 160 + Math.round(chance(reg.device_id, 'pq-mag', slot) * 40)
            : type === 'SWELL'
              ? 255 + Math.round(chance(reg.device_id, 'pq-mag', slot) * 20)
              : null,
      });
    }
    if (slot % 24 === 0) {
      const rising = seedOf(reg.device_id) % 3 === 0;
      const base = 25 + (seedOf(reg.device_id) % 40);
      messages.push({
        kind: 'hydrogen',
        device_id: reg.device_id,
        seq: slot / 24,
        time,
        h2_ppm:
          Math.round((base + (rising ? ((t - SLOT_EPOCH_MS) / 86_400_000) * 0.4 : 0) + chance(reg.device_id, 'h2', slot) * 4) * 10) / 10,
        oil_temperature_c: r.temperatureMedC - 3,
        status: 3,
        operation: 1,
      });
    }
    if (slot % 4 === 0) {
      const meanKw = reg.rating_kva * behaviour.baseUtilisation * 0.6 * 0.95;
      const hours = (t - SLOT_EPOCH_MS) / HOUR_MS;
      messages.push({
        kind: 'metering',
        device_id: reg.device_id,
        seq: slot / 4,
        time,
        import_kwh: Math.round(meanKw * hours * 10) / 10,
        export_kwh: Math.round(meanKw * hours * 0.02 * 10) / 10,
        voltage_v: [
          238 + chance(reg.device_id, 'v1', slot) * 6,
          237 + chance(reg.device_id, 'v2', slot) * 6,
          239 + chance(reg.device_id, 'v3', slot) * 6,
        ].map((v) => Math.round(v * 10) / 10) as [number, number, number],
        power_factor: 0.95,
      });
    }
  }
  return messages;
}
