import { describe, expect, it } from 'vitest';
import { POWER_CHANGE_ABNORMAL_PERCENT, powerChangePercent, powerChangeState } from './power-change';

describe('powerChangePercent', () => {
  it.each([
    [150, 100, 50],
    [50, 100, -50],
    [200, 100, 100],
    [0, 100, -100],
    [100, 100, 0],
    [0, 0, 0],
    [12.5, 0, 100], // from nothing to something counts as a full change
  ])('%f kVA after %f kVA is %f %%', (currentKva, previousKva, expected) => {
    expect(powerChangePercent(currentKva, previousKva)).toBeCloseTo(expected, 10);
  });
});

describe('powerChangeState', () => {
  it('has the product threshold', () => {
    expect(POWER_CHANGE_ABNORMAL_PERCENT).toBe(50);
  });

  it.each([
    [150, 100, 'normal'], // exactly +50 %
    [50, 100, 'normal'], // exactly -50 %
    [150.1, 100, 'abnormal'],
    [49.9, 100, 'abnormal'],
    [120, 100, 'normal'],
    [0, 0, 'normal'],
    [5, 0, 'abnormal'],
    [0, 80, 'abnormal'],
  ])('%f kVA after %f kVA is %s', (currentKva, previousKva, expected) => {
    expect(powerChangeState(currentKva, previousKva)).toBe(expected);
  });
});
