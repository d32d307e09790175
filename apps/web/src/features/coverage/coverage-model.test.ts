import { describe, expect, it } from 'vitest';
import type { DeviceCoverage } from '@gridlens/contract/coverage';
import { coverageCsv, deliveryPercent, levelCounts, levelOf, windowOf } from './coverage-model';

const device = (overrides: Partial<DeviceCoverage>): DeviceCoverage => ({
  device_id: 'NZ-1',
  transformer_name: 'Main Street',
  latitude: 53,
  longitude: -8,
  connection_type: 'P.L.T.E',
  received: 90,
  expected: 96,
  mean_lqi: 150.25,
  lqi_level: 'good',
  min_lqi: 80,
  last_message_at: '2026-11-22T10:00:00.000Z',
  level: 'average',
  ...overrides,
});

describe('coverage URL state', () => {
  it('reads the window and level, falling back to the last day and every level', () => {
    expect(windowOf('7')).toBe(7);
    expect(windowOf('1')).toBe(1);
    expect(windowOf('3')).toBe(1);
    expect(windowOf(null)).toBe(1);
    expect(levelOf('bad')).toBe('bad');
    expect(levelOf('not_heard')).toBe('not_heard');
    expect(levelOf('excellent')).toBeNull();
    expect(levelOf(null)).toBeNull();
  });
});

describe('levelCounts and deliveryPercent', () => {
  it('counts each level, zero for levels no device has', () => {
    const counts = levelCounts([device({ level: 'good' }), device({ level: 'good' }), device({ level: 'bad' })]);
    expect(counts).toEqual({ good: 2, average: 0, bad: 1, not_heard: 0 });
  });

  it('gives the delivered share, or null when nothing was numbered', () => {
    expect(deliveryPercent({ received: 90, expected: 96 })).toBeCloseTo(93.75, 10);
    expect(deliveryPercent({ received: 0, expected: 0 })).toBeNull();
  });
});

describe('coverageCsv', () => {
  const labels = {
    headers: ['Device', 'Name', 'Coverage', 'Median', 'Lowest', 'Received', 'Numbered', 'Delivered', 'Connection', 'Last'],
    level: (level: string) => level.toUpperCase(),
    time: (iso: string | null) => (iso === null ? '' : iso.slice(0, 16)),
  };

  it('writes one line per device, numbers with a dot whatever the language, and empty cells for unknowns', () => {
    const text = coverageCsv(
      [
        device({}),
        device({
          device_id: 'NZ-2',
          received: 0,
          expected: 0,
          mean_lqi: null,
          lqi_level: null,
          min_lqi: null,
          last_message_at: null,
          level: 'not_heard',
          connection_type: null,
        }),
      ],
      labels,
    );
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(labels.headers.join(','));
    expect(lines[1]).toBe('NZ-1,Main Street,AVERAGE,150.3,80,90,96,93.8,P.L.T.E,2026-11-22T10:00');
    expect(lines[2]).toBe('NZ-2,Main Street,NOT_HEARD,,,0,0,,,');
    expect(lines).toHaveLength(4); // the last line ends with CRLF too
  });

  it('quotes names with commas and defuses spreadsheet formulas', () => {
    const line = coverageCsv([device({ transformer_name: '=HYPERLINK("x"), Cork' })], labels).split('\r\n')[1];
    expect(line).toContain(`"'=HYPERLINK(""x""), Cork"`);
  });
});
