import type { Coverage, DeviceCoverage, DeviceTest, RecordDeviceTestBody, RecordedDeviceTest } from '@gridlens/contract/coverage';
import type { Database } from '../../db/database';
import type { DeviceTestedHook } from './device-tested';
import type { createDeviceTestsRepository } from './device-tests.repository';
import { coverageLevel, lqiLevelOfCounts, type CoverageLevel, type CoverageWindowDays } from '@gridlens/domain/power/coverage';
import {
  DEVICE_TEST_MESSAGES,
  DEVICE_TEST_WINDOW_MS,
  deviceTestChecks,
  overallOutcome,
  testPassed,
} from '@gridlens/domain/power/device-test';
import { DAY_MS, zonedDay, zonedDayStartMs } from '@gridlens/domain/time-range';
import { notFound } from '../../http/http-error';
import type { LinkQualityReads } from '../power-readings/power-readings.module';
import type { CoverageRow } from '../power-readings/power-readings.public';

interface Deps {
  repository: LinkQualityReads;
  /** Where a recorded test is kept, in a transaction of `db`, and who is told (the rollout). */
  tests?: ReturnType<typeof createDeviceTestsRepository>;
  db?: Database;
  deviceTested?: DeviceTestedHook;
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
export function createCoverageService({ repository, tests, db, deviceTested, now = Date.now }: Deps) {
  const service = {
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

    /**
     * The installer records the test as it stands now: the monitor is fitted. Kept with who and when, and told to the
     * rollout (the device Installed, its site installed) in the same transaction; a failed test is kept too.
     */
    async recordDeviceTest(tenantId: string, deviceId: string, body: RecordDeviceTestBody, by: string): Promise<RecordedDeviceTest> {
      if (!tests || !db) throw new Error('The coverage module was built without its device-test store');
      const test = await service.deviceTest(tenantId, deviceId);
      const passed = testPassed(test.outcome);
      const note = body.note ?? null;
      await db.transaction(async (tx) => {
        await tests.insert(
          tx,
          tenantId,
          { device_id: test.device_id, tested_at: test.checked_at, outcome: test.outcome, passed, checks: test.checks, note },
          by,
        );
        await deviceTested?.(tx, tenantId, { device_id: test.device_id, at: test.checked_at, by, outcome: test.outcome, passed });
      });
      return { ...test, recorded_at: test.checked_at, recorded_by: by, note, passed };
    },
  };
  return service;
}

export type CoverageService = ReturnType<typeof createCoverageService>;
