import { describe, expect, it } from 'vitest';
import { batteryStatus, LOW_BATTERY_PERCENT } from './battery';

describe('batteryStatus', () => {
  it('puts the Low threshold at 20 %', () => {
    expect(LOW_BATTERY_PERCENT).toBe(20);
  });

  it.each([
    [0, 'Low'],
    [19.99, 'Low'],
    [20, 'High'],
    [55, 'High'],
    [100, 'High'],
  ])('%f %% is %s', (percent, expected) => {
    expect(batteryStatus(percent)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN])('%s is Unknown', (percent) => {
    expect(batteryStatus(percent)).toBe('Unknown');
  });
});
