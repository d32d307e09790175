import { batteryStatus } from './battery';
import type { MissedMessageLevel } from './communication';
import { lqiCountsOf, lqiLevelOfCounts } from './coverage';
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

/** Missed messages among the latest: one or two is a radio drop-out worth a look, more means the link drops out. */
export const DEVICE_TEST_MISSED_WARN_MAX = 2;

/**
 * Which outcomes each check can have: a clamp either reads current or does not, and a battery is never a reason
 * to fail a fitting (it warns).
 */
export const POSSIBLE_OUTCOMES: Record<DeviceTestCheck, readonly CheckOutcome[]> = {
  heard: CHECK_OUTCOMES,
  signal: CHECK_OUTCOMES,
  delivery: CHECK_OUTCOMES,
  phase1: ['pass', 'fail'],
  phase2: ['pass', 'fail'],
  phase3: ['pass', 'fail'],
  temperature: CHECK_OUTCOMES,
  battery: ['pass', 'warn'],
};

/**
 * Each check's outcome from the latest readings (newest first, at most DEVICE_TEST_MESSAGES of the last day):
 * - heard: pass within 30 minutes, warn within the day, fail otherwise;
 * - signal: the level of most readings' LQI, as device coverage judges it (good passes, average warns, bad fails); no
 *   LQI reported warns;
 * - delivery: sequence gaps among the readings: none passes, one or two warn, more fail (counted, not as a share:
 *   among eight readings one gap is already 11 %);
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
  const signal = lqiLevelOfCounts(lqiCountsOf(readings.map((r) => r.lqi)));
  const seqs = readings.map((r) => r.seq);
  const missed = Math.max(...seqs) - Math.min(...seqs) + 1 - readings.length;
  const phase = (index: 0 | 1 | 2): CheckOutcome => (readings.some((r) => r.currentMaxA[index] >= NO_POWER_CURRENT_A) ? 'pass' : 'fail');
  const temperature = isTemperatureSenseError(newest.temperatureMaxC)
    ? 'fail'
    : isTemperatureOutsideRange(newest.temperatureMaxC)
      ? 'warn'
      : 'pass';
  return {
    heard,
    signal: signal === null ? 'warn' : LEVEL_OUTCOME[signal],
    delivery: missed === 0 ? 'pass' : missed <= DEVICE_TEST_MISSED_WARN_MAX ? 'warn' : 'fail',
    phase1: phase(0),
    phase2: phase(1),
    phase3: phase(2),
    temperature,
    battery: batteryStatus(newest.batteryPct) === 'High' ? 'pass' : 'warn',
  };
}

/** A recorded test passed unless a check failed: a warning still lets the installer leave the monitor fitted. */
export const testPassed = (outcome: CheckOutcome): boolean => outcome !== 'fail';

/** The test's overall outcome: its worst check; a check that could not be judged is never "ready" (it warns). */
export function overallOutcome(checks: Record<DeviceTestCheck, CheckOutcome | null>): CheckOutcome {
  const outcomes = Object.values(checks);
  if (outcomes.includes('fail')) return 'fail';
  return outcomes.includes('warn') || outcomes.includes(null) ? 'warn' : 'pass';
}
