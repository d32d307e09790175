import { describe, expect, it } from 'vitest';
import { emptyRule, ruleFormValuesOf, validateRule } from './alert-form';

describe('validateRule', () => {
  it('names every missing required field and builds nothing', () => {
    const { body, problems } = validateRule(emptyRule, 'celsius');
    expect(body).toBeNull();
    expect(problems).toEqual({
      field: { key: 'validation.required' },
      operator: { key: 'validation.required' },
      value: { key: 'validation.required' },
    });
  });

  it("checks the threshold against the field's unit, with the specification's messages", () => {
    const base = { ...emptyRule, operator: '>' as const };
    expect(validateRule({ ...base, field: 'imbalance', value: '101' }, 'celsius').problems.value).toEqual({ key: 'validation.percent' });
    expect(validateRule({ ...base, field: 'temperature_max', value: '151' }, 'celsius').problems.value).toEqual({
      key: 'validation.atMost',
      values: { value: 150 },
    });
    // The bounds are allowed values: 0 A is accepted, so −1 is told "at least 0", not "greater than 0".
    expect(validateRule({ ...base, field: 'current_med_ph2', value: '0' }, 'celsius').problems).toEqual({});
    expect(validateRule({ ...base, field: 'current_med_ph2', value: '-1' }, 'celsius').problems.value).toEqual({
      key: 'validation.atLeast',
      values: { value: 0 },
    });
    expect(validateRule({ ...base, field: 'total_power', value: 'lots' }, 'celsius').problems.value).toEqual({ key: 'validation.number' });
  });

  it('builds the API body: one device, or every device of a type, with a decimal comma accepted', () => {
    const one = validateRule(
      {
        ...emptyRule,
        deviceId: 'NZ-1',
        deviceType: 'Indoor',
        field: 'temperature_max',
        operator: '>=',
        value: '88,5',
      },
      'celsius',
    );
    expect(one.body).toEqual({
      device_id: 'NZ-1',
      device_type: null, // a type only narrows "every device"
      trigger_field: 'temperature_max',
      trigger_operator: '>=',
      trigger_value: 88.5,
      notify_on_clear: false,
    });
    const all = validateRule(
      {
        ...emptyRule,
        deviceType: 'Pole Mount',
        field: 'imbalance',
        operator: '>',
        value: '50',
        notifyOnClear: true,
      },
      'celsius',
    );
    expect(all.body).toMatchObject({ device_id: null, device_type: 'Pole Mount', notify_on_clear: true });
  });

  it("takes temperatures in the user's unit and stores them in °C, telling the bound in that unit", () => {
    const fahrenheit = validateRule({ ...emptyRule, field: 'temperature_max', operator: '>', value: '194' }, 'fahrenheit');
    expect(fahrenheit.body?.trigger_value).toBeCloseTo(90, 10);
    expect(validateRule({ ...emptyRule, field: 'temperature_max', operator: '>', value: '303' }, 'fahrenheit').problems.value).toEqual({
      key: 'validation.atMost',
      values: { value: 302 },
    });
    // Currents are never converted.
    expect(validateRule({ ...emptyRule, field: 'current_max_ph1', operator: '>', value: '194' }, 'fahrenheit').body?.trigger_value).toBe(
      194,
    );
  });

  it('round-trips a stored rule through the form', () => {
    const rule = {
      alert_id: '00000000-0000-4000-8000-000000000001',
      device_id: null,
      device_type: 'Ground Mount' as const,
      trigger_field: 'total_power' as const,
      trigger_operator: '<' as const,
      trigger_value: 12.5,
      notify_on_clear: true,
      recipient_count: 0,
      active_count: 0,
      created_at: '',
      updated_at: '',
    };
    expect(validateRule(ruleFormValuesOf(rule, 'celsius'), 'celsius').body).toEqual({
      device_id: null,
      device_type: 'Ground Mount',
      trigger_field: 'total_power',
      trigger_operator: '<',
      trigger_value: 12.5,
      notify_on_clear: true,
    });
  });
});
