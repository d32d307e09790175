import { describe, expect, it } from 'vitest';
import { defaultEvModelParameters, defaultHpModelParameters } from './model-parameters';
import { EV_NUMBER_LIMITS, HP_NUMBER_LIMITS, limitProblem, type NumberLimit } from './model-fields';

describe('limitProblem', () => {
  const percent: NumberLimit = { kind: 'percent' };
  const open: NumberLimit = { kind: 'range', min: 0, max: 24, minExcluded: true, maxExcluded: true, unit: 'h' };
  const closed: NumberLimit = { kind: 'range', min: -25, max: 10, minExcluded: false, maxExcluded: false, unit: '°C' };

  it('takes percentages from 0 to 100 inclusive', () => {
    expect(limitProblem(percent, 0)).toBeNull();
    expect(limitProblem(percent, 100)).toBeNull();
    expect(limitProblem(percent, -0.01)).toEqual({ kind: 'percent' });
    expect(limitProblem(percent, 100.01)).toEqual({ kind: 'percent' });
  });

  it('refuses the excluded ends of a range and what lies beyond either end', () => {
    expect(limitProblem(open, 0)).toEqual({ kind: 'below', min: 0, inclusive: false });
    expect(limitProblem(open, 24)).toEqual({ kind: 'above', max: 24, inclusive: false });
    expect(limitProblem(open, 0.5)).toBeNull();
    expect(limitProblem(open, 23.9)).toBeNull();
    expect(limitProblem(closed, -25)).toBeNull();
    expect(limitProblem(closed, 10)).toBeNull();
    expect(limitProblem(closed, -25.5)).toEqual({ kind: 'below', min: -25, inclusive: true });
    expect(limitProblem(closed, 10.5)).toEqual({ kind: 'above', max: 10, inclusive: true });
  });
});

describe('the default models', () => {
  it('hold every number within its own limits', () => {
    for (const [field, limit] of Object.entries(EV_NUMBER_LIMITS))
      expect([field, limitProblem(limit, defaultEvModelParameters[field as keyof typeof EV_NUMBER_LIMITS])]).toEqual([field, null]);
    for (const [field, limit] of Object.entries(HP_NUMBER_LIMITS))
      expect([field, limitProblem(limit, defaultHpModelParameters[field as keyof typeof HP_NUMBER_LIMITS])]).toEqual([field, null]);
  });

  it('keep the spec §9 extreme day at about −5 °C, off until chosen', () => {
    expect(defaultHpModelParameters.extremeDayMeanTemperatureC).toBe(-5);
    expect(defaultHpModelParameters.extremeScenario).toBe(false);
  });
});
