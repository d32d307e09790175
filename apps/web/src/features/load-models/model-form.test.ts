import { describe, expect, it } from 'vitest';
import { defaultEvModelParameters, defaultHpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import type { EvModel } from '@gridlens/contract/load-models';
import { modelFormValues, validateModel, withField } from './model-form';
import { clockText } from './model-text';

const stored: EvModel = {
  ...defaultEvModelParameters,
  id: '8d4e5a52-8a4c-4a32-9f71-3d9f3b0c1a10',
  name: 'Estate',
  createdAt: '',
  updatedAt: '',
};

describe('the model form', () => {
  it('starts a new model from the defaults with no name, and asks for one', () => {
    const values = modelFormValues('ev', null, 'celsius');
    expect(values).toMatchObject({
      name: '',
      chargeRateWeekdayPercent: String(defaultEvModelParameters.chargeRateWeekdayPercent),
      dayType: 'most_recent_weekday',
    });
    const { body, problems } = validateModel('ev', values, 'celsius');
    expect(body).toBeNull();
    expect(problems).toEqual({ name: { key: 'validation.required' } });
  });

  it('gives back the model as the API takes it, numbers parsed (a decimal comma too)', () => {
    const values = { ...modelFormValues('ev', stored, 'celsius'), chargeDurationWeekdayHours: '3,5' };
    const { body, problems } = validateModel('ev', values, 'celsius');
    expect(problems).toEqual({});
    expect(body).toEqual({ ...defaultEvModelParameters, name: 'Estate', chargeDurationWeekdayHours: 3.5 });
  });

  it("tells each problem in the specification's words: name length, percentages, bounds, numbers", () => {
    const values = {
      ...modelFormValues('ev', stored, 'celsius'),
      name: 'x'.repeat(50),
      bevPercent: '120',
      chargeDurationWeekendHours: '0',
      arrivalMeanHour: '24',
      currentEvSharePercent: 'many',
      evShareOfSalesPercent: ' ',
    };
    const { body, problems } = validateModel('ev', values, 'celsius');
    expect(body).toBeNull();
    expect(problems).toEqual({
      name: { key: 'validation.nameTooLong' },
      bevPercent: { key: 'validation.percent' },
      chargeDurationWeekendHours: { key: 'validation.greaterThan', values: { value: 0 } },
      arrivalMeanHour: { key: 'validation.lessThan', values: { value: 24 } },
      currentEvSharePercent: { key: 'validation.number' },
      evShareOfSalesPercent: { key: 'validation.required' },
    });
  });

  it('types temperatures in the user unit and stores them in °C, telling bounds in the typed unit', () => {
    const values = modelFormValues(
      'hp',
      { ...defaultHpModelParameters, id: stored.id, name: 'Cold', createdAt: '', updatedAt: '' },
      'fahrenheit',
    );
    expect(values.extremeDayMeanTemperatureC).toBe('23');
    expect(validateModel('hp', values, 'fahrenheit').body?.extremeDayMeanTemperatureC).toBeCloseTo(-5, 9);
    const cold = validateModel('hp', { ...values, extremeDayMeanTemperatureC: '-20' }, 'fahrenheit');
    expect(cold.problems).toEqual({ extremeDayMeanTemperatureC: { key: 'validation.atLeast', values: { value: -13 } } });
  });
});

describe('the bound messages', () => {
  it('word a bound the value may equal as "at least", and one it may not as "greater than"', () => {
    const values = modelFormValues('ev', stored, 'celsius');
    // The arrival hour accepts 0 (midnight) and refuses −1; a charge takes more than 0 hours.
    expect(validateModel('ev', { ...values, arrivalMeanHour: '0' }, 'celsius').problems).toEqual({});
    expect(validateModel('ev', { ...values, arrivalMeanHour: '-1', chargeDurationWeekdayHours: '0' }, 'celsius').problems).toEqual({
      arrivalMeanHour: { key: 'validation.atLeast', values: { value: 0 } },
      chargeDurationWeekdayHours: { key: 'validation.greaterThan', values: { value: 0 } },
    });
  });
});

describe('clockText', () => {
  it('reads hours from midnight as a time of day, to the minute', () => {
    expect(clockText(18)).toBe('18:00');
    expect(clockText(7.5)).toBe('07:30');
    expect(clockText(23.999)).toBe('00:00');
    expect(clockText(0.25)).toBe('00:15');
  });
});

describe('choosing the commuter status', () => {
  it("starts the arrival time from the status's typical mean and spread, and leaves a planner's own otherwise", () => {
    const values = modelFormValues('ev', null, 'celsius');
    const flat = withField(values, 'commuterStatus', 'non_commuter');
    expect(flat).toMatchObject({ commuterStatus: 'non_commuter', arrivalMeanHour: '14', arrivalSdHours: '4' });
    const own = withField(flat, 'arrivalMeanHour', '15');
    expect(withField(own, 'commuterStatus', 'non_commuter').arrivalMeanHour).toBe('15');
    expect(withField(own, 'commuterStatus', 'commuter')).toMatchObject({ arrivalMeanHour: '18', arrivalSdHours: '2' });
  });
});
