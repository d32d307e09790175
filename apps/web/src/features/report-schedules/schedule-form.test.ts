import { describe, expect, it } from 'vitest';
import { emptySchedule, scheduleFormValuesOf, validateSchedule } from './schedule-form';

const weekly = emptySchedule('fleet', 'EN');

describe('validateSchedule', () => {
  it('turns a weekly schedule into the API body, leaving the zone to the organisation', () => {
    expect(validateSchedule({ ...weekly, formats: ['pdf', 'xlsx'] })).toEqual({
      body: {
        report: 'fleet',
        frequency: 'weekly',
        day_of_week: 1,
        day_of_month: null,
        local_time: '07:00',
        time_zone: null,
        language: 'EN',
        formats: ['pdf', 'xlsx'],
        customer_id: null,
        only_when_attention: false,
      },
      problems: {},
    });
  });

  it('sends only the day its frequency takes', () => {
    expect(validateSchedule({ ...weekly, frequency: 'monthly', dayOfMonth: '28' }).body).toMatchObject({
      day_of_week: null,
      day_of_month: 28,
    });
    expect(validateSchedule({ ...weekly, frequency: 'daily', customerId: 'ACME' }).body).toMatchObject({
      day_of_week: null,
      day_of_month: null,
      customer_id: 'ACME',
    });
  });

  it('names each field with its message', () => {
    expect(validateSchedule({ ...weekly, localTime: '7am', timeZone: 'Mars/Olympus', formats: [], dayOfWeek: '' }).problems).toEqual({
      localTime: { key: 'reportSchedules.problems.localTime' },
      timeZone: { key: 'reportSchedules.problems.timeZone' },
      formats: { key: 'reportSchedules.problems.formats' },
      dayOfWeek: { key: 'validation.required' },
    });
    expect(validateSchedule({ ...weekly, frequency: 'monthly', dayOfMonth: '31' }).problems).toEqual({
      dayOfMonth: { key: 'validation.invalid' },
    });
  });
});

describe('scheduleFormValuesOf', () => {
  it('reads a stored schedule back into the form', () => {
    const values = scheduleFormValuesOf({
      id: '5d0e2a4e-0000-4000-8000-000000000001',
      report: 'kpi',
      frequency: 'monthly',
      day_of_week: null,
      day_of_month: 3,
      local_time: '06:15',
      time_zone: 'Europe/Dublin',
      language: 'GA',
      formats: ['csv'],
      customer_id: null,
      only_when_attention: true,
      next_due_at: '2026-04-03T05:15:00.000Z',
      recipient_count: 0,
      consecutive_failures: 0,
      created_by: 'u',
      created_at: '2026-03-01T00:00:00.000Z',
      updated_by: 'u',
      updated_at: '2026-03-01T00:00:00.000Z',
    });
    expect(values).toEqual({
      ...emptySchedule('kpi', 'GA'),
      frequency: 'monthly',
      dayOfMonth: '3',
      localTime: '06:15',
      timeZone: 'Europe/Dublin',
      formats: ['csv'],
      onlyWhenAttention: true,
    });
    expect(validateSchedule(values).body).toMatchObject({ time_zone: 'Europe/Dublin', day_of_month: 3 });
  });
});

describe('emptySchedule', () => {
  it('starts the daily power report daily, and the weekly reports weekly', () => {
    expect(emptySchedule('power', 'EN').frequency).toBe('daily');
    expect(emptySchedule('fleet', 'EN').frequency).toBe('weekly');
    expect(emptySchedule('kpi', 'EN').frequency).toBe('weekly');
  });
});
