import type { Coverage, DeviceCoverage, DeviceTest } from '@gridlens/contract/coverage';
import { coverageLevel, lqiLevelOfCounts, type CoverageLevel, type CoverageWindowDays } from '@gridlens/domain/power/coverage';
import { DEVICE_TEST_MESSAGES, DEVICE_TEST_WINDOW_MS, deviceTestChecks, overallOutcome } from '@gridlens/domain/power/device-test';
import { DAY_MS, zonedDay, zonedDayStartMs } from '@gridlens/domain/time-range';
import { notFound } from '../../http/http-error';
import type { LinkQualityReads } from '../power-readings/power-readings.module';
import type { CoverageRow } from '../power-readings/power-readings.public';

interface Deps {
  repository: LinkQualityReads;
  now?: () => number;
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The delivered share, 0–1 (1 when nothing was numbered), to order devices of one level worst first. */
const deliveryOf = (d: DeviceCoverage) => (d.expected > 0 ? d.received / d.expected : 1);

/** Worst first, so the devices that need a visit head the list. */
const LEVEL_ORDER: Record<CoverageLevel, number> = { not_heard: 0, bad: 1, average: 2, good: 3 };

function deviceCoverage(row: CoverageRow, nowMs: number): DeviceCoverage {
  const lqi = { count: row.lqi_count, belowGood: row.lqi_below_good, belowAverage: row.lqi_below_average };
  const lastMs = row.last_message_at === null ? null : new Date(row.last_message_at).getTime();
  return {
    device_id: row.device_id,
    transformer_name: row.transformer_name,
    latitude: row.latitude,
    longitude: row.longitude,
    connection_type: row.connection_type,
    received: row.received,
    expected: row.expected,
    mean_lqi: row.mean_lqi === null ? null : Math.round(row.mean_lqi * 10) / 10,
    min_lqi: row.min_lqi,
    lqi_level: lqiLevelOfCounts(lqi),
    last_message_at: isoOrNull(row.last_message_at),
    level: coverageLevel({
      received: row.received,
      expected: row.expected,
      lqi,
      silentMs: lastMs === null ? 0 : Math.max(0, nowMs - lastMs),
    }),
  };
}

/** The device coverage check (/coverage_checker) and the installer's device test (/checkcoverage). */
export function createCoverageService({ repository, now = Date.now }: Deps) {
  return {
    /**
     * The window is the days of the tenant's calendar (which key the daily rollup) that the last `days` × 24 h touch:
     * a device is judged over at least a whole day, even just after midnight.
     */
    async coverage(tenantId: string, days: CoverageWindowDays): Promise<Coverage> {
      const nowMs = now();
      const timeZone = await repository.timeZoneOf(tenantId);
      const fromDay = zonedDay(nowMs - days * DAY_MS, timeZone);
      const toDay = zonedDay(nowMs, timeZone);
      const devices = (await repository.coverage(tenantId, fromDay, toDay)).map((row) => deviceCoverage(row, nowMs));
      devices.sort(
        (a, b) =>
          LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
          deliveryOf(a) - deliveryOf(b) ||
          (a.mean_lqi ?? -1) - (b.mean_lqi ?? -1) ||
          (a.device_id < b.device_id ? -1 : a.device_id > b.device_id ? 1 : 0),
      );
      return { days, from: new Date(zonedDayStartMs(fromDay, timeZone)).toISOString(), to: new Date(nowMs).toISOString(), devices };
    },

    /** 404 for a device id the caller's tenant does not have, whoever else may have it. */
    async deviceTest(tenantId: string, deviceId: string): Promise<DeviceTest> {
      const nowMs = now();
      const device = await repository.testDevice(tenantId, deviceId);
      if (!device) throw notFound('Device');
      const rows = await repository.latestMessages(
        tenantId,
        deviceId,
        new Date(nowMs - DEVICE_TEST_WINDOW_MS),
        new Date(nowMs + 1),
        DEVICE_TEST_MESSAGES,
      );
      const lastMessageAt = isoOrNull(device.last_message_at);
      const checks = deviceTestChecks(
        rows.map((r) => ({
          seq: r.seq,
          lqi: r.lqi,
          currentMaxA: [r.current_max_a[0] ?? 0, r.current_max_a[1] ?? 0, r.current_max_a[2] ?? 0],
          temperatureMaxC: r.temperature_max_c,
          batteryPct: r.battery_pct,
        })),
        lastMessageAt === null ? null : Date.parse(lastMessageAt),
        nowMs,
      );
      return {
        device_id: device.device_id,
        transformer_name: device.transformer_name,
        connection_type: device.connection_type,
        checked_at: new Date(nowMs).toISOString(),
        last_message_at: lastMessageAt,
        messages: rows.map((r) => ({
          seq: r.seq,
          time: new Date(r.measured_at).toISOString(),
          lqi: r.lqi,
          current_max_a: r.current_max_a,
          temperature_max_c: r.temperature_max_c,
          battery_pct: r.battery_pct,
        })),
        checks,
        outcome: overallOutcome(checks),
      };
    },
  };
}

export type CoverageService = ReturnType<typeof createCoverageService>;
