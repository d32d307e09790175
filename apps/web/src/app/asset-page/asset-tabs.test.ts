import { describe, expect, it } from 'vitest';
import { rangeOf } from '@/lib/ui/time-range-select';
import { tabOf, tabsOf } from './asset-tabs';

describe('tabs and range in the URL', () => {
  it('offer the spec’s four asset tabs, and the eight power-data device tabs and the two analyses to a power-quality monitor', () => {
    expect(tabsOf({ power_quality_enabled: false })).toEqual(['charts', 'messages', 'ev', 'hp']);
    expect(tabsOf({ power_quality_enabled: true })).toEqual([
      'charts',
      'messages',
      'trends',
      'events',
      'faults',
      'health',
      'metering',
      'images',
      'ev',
      'hp',
    ]);
  });

  it('fall back to the first tab and the default range for anything unknown', () => {
    const tabs = tabsOf({ power_quality_enabled: false });
    expect(tabOf('messages', tabs)).toBe('messages');
    expect(tabOf('hp', tabsOf({ power_quality_enabled: true }))).toBe('hp');
    expect(tabOf('trends', tabs)).toBe('charts');
    expect(tabOf(null, tabs)).toBe('charts');
    expect(rangeOf('1y')).toBe('1y');
    expect(rangeOf('2y')).toBe('7d');
  });
});
