import { describe, expect, it } from 'vitest';
import {
  DEVICE_TEST_CHECKS,
  DEVICE_TEST_RECENT_MS,
  DEVICE_TEST_WINDOW_MS,
  deviceTestChecks,
  overallOutcome,
  POSSIBLE_OUTCOMES,
  type DeviceTestReading,
} from './device-test';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const reading = (seq: number, overrides: Partial<DeviceTestReading> = {}): DeviceTestReading => ({
  seq,
  lqi: 180,
  currentMaxA: [40, 35, 38],
  temperatureMaxC: 21,
  batteryPct: 95,
  ...overrides,
});

describe('deviceTestChecks', () => {
  it('passes every check for a healthy monitor heard just now', () => {
    const checks = deviceTestChecks([reading(12), reading(11), reading(10)], NOW - 5 * 60_000, NOW);
    expect(checks).toEqual({
      heard: 'pass',
      signal: 'pass',
      delivery: 'pass',
      phase1: 'pass',
      phase2: 'pass',
      phase3: 'pass',
      temperature: 'pass',
      battery: 'pass',
    });
    expect(overallOutcome(checks)).toBe('pass');
  });

  it('fails "heard" and leaves the rest unjudged for a device never heard', () => {
    const checks = deviceTestChecks([], null, NOW);
    expect(checks.heard).toBe('fail');
    expect(checks.signal).toBeNull();
    expect(checks.phase1).toBeNull();
    expect(overallOutcome(checks)).toBe('fail');
  });

  it('warns when the last message is older than 30 minutes but within the day', () => {
    expect(deviceTestChecks([reading(1)], NOW - DEVICE_TEST_RECENT_MS, NOW).heard).toBe('pass');
    expect(deviceTestChecks([reading(1)], NOW - DEVICE_TEST_RECENT_MS - 1, NOW).heard).toBe('warn');
    expect(deviceTestChecks([reading(1)], NOW - DEVICE_TEST_WINDOW_MS - 1, NOW).heard).toBe('fail');
  });

  it('fails a phase whose clamp read nothing in any message, and only that phase', () => {
    const checks = deviceTestChecks([reading(2, { currentMaxA: [30, 0.2, 31] }), reading(1, { currentMaxA: [29, 0, 30] })], NOW, NOW);
    expect([checks.phase1, checks.phase2, checks.phase3]).toEqual(['pass', 'fail', 'pass']);
  });

  it('judges the signal by the level of most readings, as device coverage does', () => {
    const weak = [reading(3, { lqi: 200 }), reading(2, { lqi: 60 }), reading(1, { lqi: 70 })];
    expect(deviceTestChecks(weak, NOW, NOW).signal).toBe('fail');
    const fair = [reading(2, { lqi: 100 }), reading(1, { lqi: 120 })];
    expect(deviceTestChecks(fair, NOW, NOW).signal).toBe('warn');
    expect(deviceTestChecks([reading(1, { lqi: null })], NOW, NOW).signal).toBe('warn');
  });

  it('counts sequence gaps among the readings: none passes, one or two warn, more fail', () => {
    expect(deviceTestChecks([reading(12), reading(11), reading(10)], NOW, NOW).delivery).toBe('pass');
    expect(deviceTestChecks([reading(12), reading(10)], NOW, NOW).delivery).toBe('warn');
    expect(deviceTestChecks([reading(13), reading(10)], NOW, NOW).delivery).toBe('warn');
    expect(deviceTestChecks([reading(15), reading(10)], NOW, NOW).delivery).toBe('fail');
  });

  it('is never "ready" while a check could not be judged, even when the device was heard', () => {
    // Heard just now (its last message time), but none of its readings fell in the day looked at.
    const checks = deviceTestChecks([], NOW, NOW);
    expect(checks.heard).toBe('pass');
    expect(overallOutcome(checks)).toBe('warn');
  });

  it('gives each check only the outcomes it declares possible', () => {
    const cases = [
      deviceTestChecks([reading(1, { currentMaxA: [0, 0, 0], batteryPct: 5, temperatureMaxC: -127, lqi: 10 }), reading(9)], NOW - DAY, NOW),
      deviceTestChecks([reading(1)], NOW, NOW),
      deviceTestChecks([reading(3, { lqi: 100, temperatureMaxC: -40 }), reading(1)], NOW - 3_600_000, NOW),
    ];
    for (const checks of cases)
      for (const check of DEVICE_TEST_CHECKS) {
        const outcome = checks[check];
        if (outcome !== null) expect(POSSIBLE_OUTCOMES[check]).toContain(outcome);
      }
  });

  it('fails a disconnected temperature sensor and warns outside the operating range', () => {
    expect(deviceTestChecks([reading(1, { temperatureMaxC: -127 })], NOW, NOW).temperature).toBe('fail');
    expect(deviceTestChecks([reading(1, { temperatureMaxC: null })], NOW, NOW).temperature).toBe('fail');
    expect(deviceTestChecks([reading(1, { temperatureMaxC: -30 })], NOW, NOW).temperature).toBe('warn');
  });

  it('warns on a low or unknown battery, judged on the newest reading', () => {
    expect(deviceTestChecks([reading(2, { batteryPct: 12 }), reading(1)], NOW, NOW).battery).toBe('warn');
    expect(deviceTestChecks([reading(2, { batteryPct: null })], NOW, NOW).battery).toBe('warn');
    expect(deviceTestChecks([reading(2), reading(1, { batteryPct: 5 })], NOW, NOW).battery).toBe('pass');
  });

  it('makes the overall outcome the worst check', () => {
    const checks = deviceTestChecks([reading(1, { batteryPct: 10 })], NOW, NOW);
    expect(overallOutcome(checks)).toBe('warn');
  });
});
