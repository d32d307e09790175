import { batteryStatus } from './battery';
import { missedMessageLevel, type MissedMessageLevel } from './communication';
import { lqiLevel } from './coverage';
import { NO_POWER_CURRENT_A } from './issue-flags';
import { isTemperatureOutsideRange, isTemperatureSenseError } from './temperature-checks';

/**
 * The installer's device test (spec §2 /checkcoverage): after fitting a monitor, is it heard, with what signal,
 * and are its clamps and sensor reading? The specification names the screen only; these checks are ours
 * (docs/decisions.md, "Device test").
 */

/** The test looks at the device's latest messages, at most this many, from the last day. */
export const DEVICE_TEST_MESSAGES = 8;
export const DEVICE_TEST_WINDOW_MS = 24 * 3_600_000;
/**
 * Heard "just now": within two reporting intervals (monitors report every 15 minutes, brief §4), so an installer
 * who powers a monitor up sees it pass before leaving the site.
 */
export const DEVICE_TEST_RECENT_MS = 30 * 60_000;

export const CHECK_OUTCOMES = ['pass', 'warn', 'fail'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const DEVICE_TEST_CHECKS = ['heard', 'signal', 'delivery', 'phase1', 'phase2', 'phase3', 'temperature', 'battery'] as const;
export type DeviceTestCheck = (typeof DEVICE_TEST_CHECKS)[number];

export interface DeviceTestReading {
  seq: number;
  lqi: number | null;
  currentMaxA: readonly [number, number, number];
  temperatureMaxC: number | null;
  batteryPct: number | null;
}

const LEVEL_OUTCOME: Record<MissedMessageLevel, CheckOutcome> = { good: 'pass', average: 'warn', bad: 'fail' };

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Each check's outcome from the latest readings (newest first, at most DEVICE_TEST_MESSAGES of the last day):
 * - heard: pass within 30 minutes, warn within the day, fail otherwise;
 * - signal: the median LQI's level (good passes, average warns, bad fails); no LQI reported warns;
 * - delivery: sequence gaps among the readings, at the missed-message levels of §4;
 * - phase 1–3: a phase passes when any reading carried at least 0.5 A on it; none fails (a clamp not closed, or
 *   not on the conductor: the most common fitting fault);
 * - temperature: the newest reading's tank temperature; a sense error fails, outside the operating range warns;
 * - battery: High passes, Low and Unknown warn.
 * Without any reading every check but "heard" is left out (null): there is nothing to judge them on.
 */
export function deviceTestChecks(
  readings: readonly DeviceTestReading[],
  lastMessageAtMs: number | null,
  nowMs: number,
): Record<DeviceTestCheck, CheckOutcome | null> {
  const age = lastMessageAtMs === null ? Number.POSITIVE_INFINITY : nowMs - lastMessageAtMs;
  const heard: CheckOutcome = age <= DEVICE_TEST_RECENT_MS ? 'pass' : age <= DEVICE_TEST_WINDOW_MS ? 'warn' : 'fail';
  const newest = readings[0];
  if (!newest) {
    return { heard, signal: null, delivery: null, phase1: null, phase2: null, phase3: null, temperature: null, battery: null };
  }
  const lqi = median(readings.flatMap((r) => (r.lqi === null ? [] : [r.lqi])));
  const seqs = readings.map((r) => r.seq);
  const expected = Math.max(...seqs) - Math.min(...seqs) + 1;
  const phase = (index: 0 | 1 | 2): CheckOutcome => (readings.some((r) => r.currentMaxA[index] >= NO_POWER_CURRENT_A) ? 'pass' : 'fail');
  const temperature = isTemperatureSenseError(newest.temperatureMaxC)
    ? 'fail'
    : isTemperatureOutsideRange(newest.temperatureMaxC)
      ? 'warn'
      : 'pass';
  return {
    heard,
    signal: lqi === null ? 'warn' : LEVEL_OUTCOME[lqiLevel(lqi)],
    delivery: LEVEL_OUTCOME[missedMessageLevel(expected - readings.length, expected)],
    phase1: phase(0),
    phase2: phase(1),
    phase3: phase(2),
    temperature,
    battery: batteryStatus(newest.batteryPct) === 'High' ? 'pass' : 'warn',
  };
}

/** The test's overall outcome: its worst check. */
export function overallOutcome(checks: Record<DeviceTestCheck, CheckOutcome | null>): CheckOutcome {
  const outcomes = Object.values(checks);
  if (outcomes.includes('fail')) return 'fail';
  return outcomes.includes('warn') ? 'warn' : 'pass';
}
