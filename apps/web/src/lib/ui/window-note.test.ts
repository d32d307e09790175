import { describe, expect, it } from 'vitest';
import { windowText } from './window-note';

const base = { from: '2026-11-24T00:00:00.000Z', to: '2026-11-24T15:30:00.000Z', time_zone: 'Europe/Dublin' };

describe('the window a screen states', () => {
  it('says today so far, days to now, one whole day or whole days, in the user’s date format', () => {
    expect(windowText({ ...base, from_day: '2026-11-24', to_day: '2026-11-24', partial: true }, 'Europe/Dublin')).toEqual({
      key: 'figures.window.today',
      values: { day: '24/11/2026', zone: 'Europe/Dublin' },
    });
    expect(windowText({ ...base, from_day: '2026-11-18', to_day: '2026-11-24', partial: true }, 'America/New_York')).toEqual({
      key: 'figures.window.daysToNow',
      values: { from: '11/18/2026', zone: 'Europe/Dublin' },
    });
    expect(windowText({ ...base, from_day: '2026-11-23', to_day: '2026-11-23', partial: false }, 'Europe/Dublin').key).toBe(
      'figures.window.day',
    );
    expect(windowText({ ...base, from_day: '2026-11-16', to_day: '2026-11-22', partial: false }, 'Europe/Dublin').values).toEqual({
      from: '16/11/2026',
      to: '22/11/2026',
      zone: 'Europe/Dublin',
    });
  });
});
