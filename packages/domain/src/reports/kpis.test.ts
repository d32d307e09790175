import { describe, expect, it } from 'vitest';
import { fleetUtilisationPct, heldCountAt, isHeldAt, silentOverWeek, weekFleet, weekOverWeekChange } from './kpis';

const HOUR_MS = 3_600_000;

describe('key figures of the fleet reports', () => {
  it('counts utilisation as the share of trackers that travelled', () => {
    expect(fleetUtilisationPct(3, 4)).toBe(75);
    expect(fleetUtilisationPct(0, 4)).toBe(0);
    expect(fleetUtilisationPct(5, 4)).toBe(100);
    expect(fleetUtilisationPct(0, 0)).toBeNull();
  });

  it('compares a figure with the week before', () => {
    expect(weekOverWeekChange(12, 8)).toEqual({ current: 12, previous: 8, delta: 4, pct: 50 });
    expect(weekOverWeekChange(6, 8)).toEqual({ current: 6, previous: 8, delta: -2, pct: -25 });
    expect(weekOverWeekChange(3, 0)).toEqual({ current: 3, previous: 0, delta: 3, pct: null });
    expect(weekOverWeekChange(null, 8)).toEqual({ current: null, previous: 8, delta: null, pct: null });
  });

  it('holds a tracker beyond the static period only while it is there and past the period', () => {
    const stay = { arrivedMs: 0, departedMs: 100 * HOUR_MS };
    expect(isHeldAt(stay, 72 * HOUR_MS, 72)).toBe(false);
    expect(isHeldAt(stay, 73 * HOUR_MS, 72)).toBe(true);
    expect(isHeldAt(stay, 100 * HOUR_MS, 72)).toBe(false);
    expect(isHeldAt({ arrivedMs: 0, departedMs: null }, 500 * HOUR_MS, 72)).toBe(true);
    expect(isHeldAt({ arrivedMs: 10 * HOUR_MS, departedMs: null }, 5 * HOUR_MS, 1)).toBe(false);
  });

  it('counts each held tracker once', () => {
    const stays = [
      { deviceId: 'A', arrivedMs: 0, departedMs: null },
      { deviceId: 'A', arrivedMs: 0, departedMs: null },
      { deviceId: 'B', arrivedMs: 90 * HOUR_MS, departedMs: null },
      { deviceId: 'C', arrivedMs: 0, departedMs: 50 * HOUR_MS },
    ];
    expect(heldCountAt(stays, 100 * HOUR_MS, 72)).toBe(1);
    expect(heldCountAt(stays, 200 * HOUR_MS, 72)).toBe(2);
  });

  it('counts as silent over the week the trackers that sent nothing in it', () => {
    expect(silentOverWeek(10, 7)).toBe(3);
    expect(silentOverWeek(10, 12)).toBe(0);
  });

  it('counts a week’s fleet from the registrations, or from the trackers that reported when more did', () => {
    expect(weekFleet(10, 7)).toBe(10);
    expect(weekFleet(0, 500)).toBe(500);
    expect(weekFleet(0, 0)).toBe(0);
  });
});
