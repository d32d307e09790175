import { describe, expect, it } from 'vitest';
import { nextDueAfter, reportKindsOf, scheduleTimingProblems, zonedWallTimeMs, type ScheduleTiming } from './schedules';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const daily = (local_time: string, time_zone: string): ScheduleTiming => ({
  frequency: 'daily',
  day_of_week: null,
  day_of_month: null,
  local_time,
  time_zone,
});
const localClock = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(ms);

describe('nextDueAfter', () => {
  describe('Europe/Dublin (clocks forward 29 March 2026 01:00 UTC, back 25 October 2026 01:00 UTC)', () => {
    it('keeps a 07:00 schedule at 07:00 local across the spring change', () => {
      const first = nextDueAfter(daily('07:00', 'Europe/Dublin'), at('2026-03-28T07:00:00Z'));
      expect(iso(first)).toBe('2026-03-29T06:00:00.000Z');
      expect(iso(nextDueAfter(daily('07:00', 'Europe/Dublin'), first))).toBe('2026-03-30T06:00:00.000Z');
    });

    it('keeps a 07:00 schedule at 07:00 local across the autumn change', () => {
      expect(iso(nextDueAfter(daily('07:00', 'Europe/Dublin'), at('2026-10-24T06:00:00Z')))).toBe('2026-10-25T07:00:00.000Z');
    });

    it('runs a local time the clocks skip once, at the change', () => {
      const schedule = daily('01:30', 'Europe/Dublin');
      const skipped = nextDueAfter(schedule, at('2026-03-28T01:30:00Z'));
      expect(iso(skipped)).toBe('2026-03-29T01:00:00.000Z');
      expect(localClock(skipped, 'Europe/Dublin')).toBe('02:00');
      expect(iso(nextDueAfter(schedule, skipped))).toBe('2026-03-30T00:30:00.000Z');
    });

    it('runs a local time that happens twice once, the first time', () => {
      const schedule = daily('01:30', 'Europe/Dublin');
      const first = nextDueAfter(schedule, at('2026-10-24T00:30:00Z'));
      expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
      expect(iso(nextDueAfter(schedule, first))).toBe('2026-10-26T01:30:00.000Z');
    });

    it('is 07:00 local on every day of a year, one run a day', () => {
      const schedule = daily('07:00', 'Europe/Dublin');
      let due = at('2026-01-01T12:00:00Z');
      const days = new Set<string>();
      for (let i = 0; i < 365; i += 1) {
        due = nextDueAfter(schedule, due);
        expect(localClock(due, 'Europe/Dublin')).toBe('07:00');
        days.add(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(due));
      }
      expect(days.size).toBe(365);
    });
  });

  describe('America/New_York (clocks forward 8 March 2026 07:00 UTC, back 1 November 2026 06:00 UTC)', () => {
    it('keeps a weekly Monday 07:00 at 07:00 local on both sides of the spring change', () => {
      const schedule: ScheduleTiming = { ...daily('07:00', 'America/New_York'), frequency: 'weekly', day_of_week: 1 };
      expect(iso(nextDueAfter(schedule, at('2026-02-27T12:00:00Z')))).toBe('2026-03-02T12:00:00.000Z');
      expect(iso(nextDueAfter(schedule, at('2026-03-06T12:00:00Z')))).toBe('2026-03-09T11:00:00.000Z');
    });

    it('runs 02:30, which the clocks skip, once at 03:00 local', () => {
      const schedule = daily('02:30', 'America/New_York');
      const skipped = nextDueAfter(schedule, at('2026-03-07T12:00:00Z'));
      expect(iso(skipped)).toBe('2026-03-08T07:00:00.000Z');
      expect(localClock(skipped, 'America/New_York')).toBe('03:00');
      expect(iso(nextDueAfter(schedule, skipped))).toBe('2026-03-09T06:30:00.000Z');
    });

    it('runs 01:30, which happens twice, once (in daylight time)', () => {
      const schedule = daily('01:30', 'America/New_York');
      const first = nextDueAfter(schedule, at('2026-10-31T12:00:00Z'));
      expect(iso(first)).toBe('2026-11-01T05:30:00.000Z');
      expect(iso(nextDueAfter(schedule, first))).toBe('2026-11-02T06:30:00.000Z');
    });
  });

  it('runs a monthly schedule on its day of the month, in the offset of that day', () => {
    const schedule: ScheduleTiming = { ...daily('07:00', 'Europe/Dublin'), frequency: 'monthly', day_of_month: 28 };
    const march = nextDueAfter(schedule, at('2026-02-28T08:00:00Z'));
    expect(iso(march)).toBe('2026-03-28T07:00:00.000Z');
    expect(iso(nextDueAfter(schedule, march))).toBe('2026-04-28T06:00:00.000Z');
  });

  it('finds a time on the zone’s next day while UTC is still on the day before', () => {
    expect(iso(nextDueAfter(daily('00:15', 'Pacific/Auckland'), at('2026-06-01T12:00:00Z')))).toBe('2026-06-01T12:15:00.000Z');
    expect(iso(nextDueAfter(daily('23:30', 'America/Los_Angeles'), at('2026-06-02T05:00:00Z')))).toBe('2026-06-02T06:30:00.000Z');
  });

  it('is strictly after the instant: a schedule due now is next due a day later', () => {
    expect(iso(nextDueAfter(daily('07:00', 'UTC'), at('2026-05-05T07:00:00Z')))).toBe('2026-05-06T07:00:00.000Z');
    expect(iso(nextDueAfter(daily('07:00', 'UTC'), at('2026-05-05T06:59:59Z')))).toBe('2026-05-05T07:00:00.000Z');
  });
});

describe('zonedWallTimeMs', () => {
  it('reads an ordinary local time with the day’s offset', () => {
    expect(iso(zonedWallTimeMs('2026-07-01', '07:00', 'Europe/Dublin'))).toBe('2026-07-01T06:00:00.000Z');
    expect(iso(zonedWallTimeMs('2026-01-15', '07:00', 'Europe/Dublin'))).toBe('2026-01-15T07:00:00.000Z');
  });
});

describe('scheduleTimingProblems', () => {
  const weekly: ScheduleTiming = { ...daily('07:00', 'Europe/Dublin'), frequency: 'weekly', day_of_week: 1 };

  it('accepts a complete schedule of each frequency', () => {
    expect(scheduleTimingProblems(daily('07:00', 'Europe/Dublin'))).toEqual([]);
    expect(scheduleTimingProblems(weekly)).toEqual([]);
    expect(scheduleTimingProblems({ ...daily('23:59', 'UTC'), frequency: 'monthly', day_of_month: 28 })).toEqual([]);
  });

  it.each([
    { case: 'a weekly schedule without its day', timing: { ...weekly, day_of_week: null }, field: 'day_of_week', problem: 'required' },
    { case: 'day of week 0', timing: { ...weekly, day_of_week: 0 }, field: 'day_of_week', problem: 'out-of-range' },
    { case: 'day of week 8', timing: { ...weekly, day_of_week: 8 }, field: 'day_of_week', problem: 'out-of-range' },
    {
      case: 'a day of week on a daily schedule',
      timing: { ...daily('07:00', 'UTC'), day_of_week: 3 },
      field: 'day_of_week',
      problem: 'not-allowed',
    },
    {
      case: 'day of month 29',
      timing: { ...weekly, frequency: 'monthly', day_of_week: null, day_of_month: 29 },
      field: 'day_of_month',
      problem: 'out-of-range',
    },
    {
      case: 'a monthly schedule without its day',
      timing: { ...weekly, frequency: 'monthly', day_of_week: null },
      field: 'day_of_month',
      problem: 'required',
    },
    { case: 'time 24:00', timing: { ...weekly, local_time: '24:00' }, field: 'local_time', problem: 'invalid' },
    { case: 'time 7:00', timing: { ...weekly, local_time: '7:00' }, field: 'local_time', problem: 'invalid' },
    { case: 'an unknown zone', timing: { ...weekly, time_zone: 'Europe/Atlantis' }, field: 'time_zone', problem: 'invalid' },
  ] as const)('names $field for $case', ({ timing, field, problem }) => {
    expect(scheduleTimingProblems(timing as ScheduleTiming)).toEqual([{ field, problem }]);
  });
});

describe('reportKindsOf', () => {
  it('gives tracking tenants the fleet and KPI reports and power-data tenants the power report', () => {
    expect(reportKindsOf('tracking')).toEqual(['fleet', 'kpi']);
    expect(reportKindsOf('powerdata')).toEqual(['power']);
  });
});
