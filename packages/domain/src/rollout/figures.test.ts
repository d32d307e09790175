import { describe, expect, it } from 'vitest';
import {
  cumulative,
  dayMs,
  firstTimeSuccessRate,
  mondayOf,
  mondayOfIsoWeek,
  planStateOf,
  silentSinceMs,
  siteStateOf,
  weeksBetween,
} from './figures';
import { SILENCE_AFTER_MS, statusAfter } from './status';

describe('rollout weeks', () => {
  it('names any day by its ISO week’s Monday, across months and years', () => {
    expect(mondayOf('2026-03-05')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(() => mondayOf('2026-02-30')).toThrow(RangeError);
    expect(dayMs('2026-02-29')).toBeNull();
    expect(dayMs('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
  });

  it('finds the Monday of an ISO week, week 1 holding the year’s first Thursday, and refuses a week 53 a year lacks', () => {
    expect(mondayOfIsoWeek(2026, 1)).toBe('2025-12-29');
    expect(mondayOfIsoWeek(2026, 5)).toBe('2026-01-26');
    expect(mondayOfIsoWeek(2026, 53)).toBe('2026-12-28');
    expect(mondayOfIsoWeek(2025, 53)).toBeNull();
    expect(mondayOfIsoWeek(2026, 0)).toBeNull();
  });

  it('lists the Mondays between two days and sums counts into a cumulative series, earlier counts opening it', () => {
    expect(weeksBetween('2026-03-04', '2026-03-18')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    const weeks = ['2026-03-02', '2026-03-09', '2026-03-16'];
    expect(
      cumulative(
        weeks,
        new Map([
          ['2026-02-23', 2],
          ['2026-03-09', 3],
        ]),
      ),
    ).toEqual([2, 5, 5]);
  });
});

describe('rollout figures', () => {
  it('takes a site’s state from its facts: a fitting beats an earlier abort', () => {
    expect(siteStateOf({ installed_at: null, aborted_at: null })).toBe('planned');
    expect(siteStateOf({ installed_at: null, aborted_at: '2026-03-01' })).toBe('aborted');
    expect(siteStateOf({ installed_at: '2026-03-02', aborted_at: '2026-03-01' })).toBe('installed');
  });

  it('rates first-time success over the sites attempted, null when none was', () => {
    expect(firstTimeSuccessRate(0, 0)).toBeNull();
    expect(firstTimeSuccessRate(2, 3)).toBe(0.667);
  });

  it('is on plan within half a week’s target, at least one site', () => {
    expect(planStateOf(-2, 4)).toBe('on_plan');
    expect(planStateOf(-3, 4)).toBe('behind');
    expect(planStateOf(3, 4)).toBe('ahead');
    expect(planStateOf(-1, 0)).toBe('on_plan');
    expect(planStateOf(-2, 0)).toBe('behind');
  });

  it('queues an Inactive device from its last message, and an Installed one never heard 24 h after its fitting', () => {
    const fitted = Date.UTC(2026, 2, 2, 9);
    expect(silentSinceMs({ status: 'Installed', installedAtMs: fitted, lastMessageMs: null }, fitted + SILENCE_AFTER_MS - 1)).toBeNull();
    expect(silentSinceMs({ status: 'Installed', installedAtMs: fitted, lastMessageMs: null }, fitted + SILENCE_AFTER_MS)).toBe(fitted);
    expect(silentSinceMs({ status: 'Inactive', installedAtMs: fitted, lastMessageMs: fitted + 5 }, fitted + 2 * SILENCE_AFTER_MS)).toBe(
      fitted + 5,
    );
    expect(silentSinceMs({ status: 'Active', installedAtMs: fitted, lastMessageMs: fitted }, fitted + 2 * SILENCE_AFTER_MS)).toBeNull();
    expect(silentSinceMs({ status: 'Registered', installedAtMs: null, lastMessageMs: null }, fitted)).toBeNull();
  });
});

describe('device status from the facts', () => {
  it('gives each event its status, and nothing for an event that changes nothing', () => {
    expect(statusAfter('Registered', 'first_message')).toBe('Active');
    expect(statusAfter('Active', 'first_message')).toBeNull();
    expect(statusAfter('Active', 'silence')).toBe('Inactive');
    expect(statusAfter('Installed', 'silence')).toBeNull();
    expect(statusAfter('Inactive', 'message_resumed')).toBe('Active');
    expect(statusAfter('Registered', 'device_test')).toBe('Installed');
    expect(statusAfter('Active', 'device_test')).toBeNull();
    expect(statusAfter('Installed', 'abort')).toBe('Not Installed');
    expect(statusAfter('Active', 'operator_edit', 'Unknown')).toBe('Unknown');
    expect(statusAfter('Unknown', 'import', 'Unknown')).toBeNull();
  });
});
