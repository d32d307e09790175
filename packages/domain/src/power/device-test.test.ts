import { describe, expect, it } from 'vitest';
import { DEVICE_TEST_RECENT_MS, DEVICE_TEST_WINDOW_MS, deviceTestChecks, overallOutcome, type DeviceTestReading } from './device-test';

const NOW = Date.parse('2026-11-22T12:00:00Z');
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

  it('judges the signal by the median LQI', () => {
    const weak = [reading(3, { lqi: 200 }), reading(2, { lqi: 60 }), reading(1, { lqi: 70 })];
    expect(deviceTestChecks(weak, NOW, NOW).signal).toBe('fail');
    const fair = [reading(2, { lqi: 100 }), reading(1, { lqi: 120 })];
    expect(deviceTestChecks(fair, NOW, NOW).signal).toBe('warn');
    expect(deviceTestChecks([reading(1, { lqi: null })], NOW, NOW).signal).toBe('warn');
  });

  it('counts sequence gaps among the readings as missed messages', () => {
    // Seq 10 and 15: four of six numbered messages are missing.
    const checks = deviceTestChecks([reading(15), reading(10)], NOW, NOW);
    expect(checks.delivery).toBe('fail');
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
