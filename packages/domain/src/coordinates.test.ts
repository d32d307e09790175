import { describe, expect, it } from 'vitest';
import { formatDegrees, parseDegrees } from './coordinates';

describe('typed coordinates', () => {
  it('reads decimal degrees with a point or a decimal comma, signed or with the hemisphere', () => {
    expect(parseDegrees('53.4239', 'latitude')).toEqual({ ok: true, value: 53.4239 });
    expect(parseDegrees(' -7.9407 ', 'longitude')).toEqual({ ok: true, value: -7.9407 });
    expect(parseDegrees('53,4239', 'latitude')).toEqual({ ok: true, value: 53.4239 });
    expect(parseDegrees('7.9407 W', 'longitude')).toEqual({ ok: true, value: -7.9407 });
    expect(parseDegrees('7.9407°e', 'longitude')).toEqual({ ok: true, value: 7.9407 });
    expect(parseDegrees('33.9 S', 'latitude')).toEqual({ ok: true, value: -33.9 });
    expect(parseDegrees('+90', 'latitude')).toEqual({ ok: true, value: 90 });
  });

  it('refuses what is not one number, and a letter of the other axis', () => {
    for (const text of ['abc', '53.4.2', '53 24', '-7 W', '1e3', '53.4239, -7.9407'])
      expect(parseDegrees(text, 'latitude')).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseDegrees('7.9 W', 'latitude')).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseDegrees('  ', 'longitude')).toEqual({ ok: false, problem: 'required' });
  });

  it('refuses a latitude past the poles and a longitude past the antimeridian', () => {
    expect(parseDegrees('90.0001', 'latitude')).toEqual({ ok: false, problem: 'range' });
    expect(parseDegrees('-91', 'latitude')).toEqual({ ok: false, problem: 'range' });
    expect(parseDegrees('180', 'longitude')).toEqual({ ok: true, value: 180 });
    expect(parseDegrees('180.5', 'longitude')).toEqual({ ok: false, problem: 'range' });
  });

  it('shows six decimals at most', () => {
    expect(formatDegrees(53.42391234567)).toBe('53.423912');
    expect(formatDegrees(-7.94)).toBe('-7.94');
  });
});
