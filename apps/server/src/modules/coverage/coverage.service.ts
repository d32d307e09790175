import type { Coverage, DeviceCoverage, DeviceTest } from '@gridlens/contract/coverage';
import { coverageLevel, type CoverageLevel, type CoverageWindowDays } from '@gridlens/domain/power/coverage';
import { DEVICE_TEST_MESSAGES, DEVICE_TEST_WINDOW_MS, deviceTestChecks, overallOutcome } from '@gridlens/domain/power/device-test';
import { DAY_MS } from '@gridlens/domain/time-range';
import { notFound } from '../../http/http-error';
import type { CoverageRepository, CoverageRow } from './coverage.repository';

interface Deps {
  repository: CoverageRepository;
  now?: () => number;
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Worst first, so the devices that need a visit head the list. */
const LEVEL_ORDER: Record<CoverageLevel, number> = { not_heard: 0, bad: 1, average: 2, good: 3 };

function deviceCoverage(row: CoverageRow): DeviceCoverage {
  return {
    device_id: row.device_id,
    transformer_name: row.transformer_name,
    latitude: row.latitude,
    longitude: row.longitude,
    connection_type: row.connection_type,
    received: row.received,
    expected: row.expected,
    median_lqi: row.median_lqi,
    min_lqi: row.min_lqi,
    last_message_at: isoOrNull(row.last_message_at),
    level: coverageLevel({ received: row.received, expected: row.expected, medianLqi: row.median_lqi }),
  };
}

/** The device coverage check (/coverage_checker) and the installer's device test (/checkcoverage). */
export function createCoverageService({ repository, now = Date.now }: Deps) {
  return {
    async coverage(tenantId: string, days: CoverageWindowDays): Promise<Coverage> {
      const toMs = now();
      const from = new Date(toMs - days * DAY_MS);
      const to = new Date(toMs);
      const devices = (await repository.coverage(tenantId, from, to)).map(deviceCoverage);
      devices.sort(
        (a, b) =>
          LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
          (a.median_lqi ?? -1) - (b.median_lqi ?? -1) ||
          a.device_id.localeCompare(b.device_id),
      );
      return { days, from: from.toISOString(), to: to.toISOString(), devices };
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
