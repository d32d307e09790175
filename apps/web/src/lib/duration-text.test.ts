import { describe, expect, it } from 'vitest';
import { durationText } from './duration-text';

const t = (key: string, options: Record<string, string>) => `${key}:${options['value']}`;

describe('durationText', () => {
  it('writes whole minutes under two hours and hours with two decimals from there', () => {
    expect(durationText(0, 'en', t)).toBe('trackingJourneys.minutes:0');
    expect(durationText(59.6, 'en', t)).toBe('trackingJourneys.minutes:60');
    expect(durationText(119, 'en', t)).toBe('trackingJourneys.minutes:119');
    expect(durationText(120, 'en', t)).toBe('trackingJourneys.hours:2.00');
    expect(durationText(1_530, 'fr', t)).toBe('trackingJourneys.hours:25,50');
    expect(durationText(null, 'en', t)).toBe('–');
  });
});
