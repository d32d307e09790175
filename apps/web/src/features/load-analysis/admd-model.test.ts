import { describe, expect, it } from 'vitest';
import type { AdmdRow } from '@gridlens/contract/load-analysis';
import { admdCsv, admdRangeOf, medianAdmdKw } from './admd-model';

const row = (device_id: string, admd_kw: number | null, extra: Partial<AdmdRow> = {}): AdmdRow => ({
  device_id,
  transformer_name: `TX ${device_id}`,
  connected_mprns: 40,
  peak_demand_kw: admd_kw === null ? null : admd_kw * 40,
  peak_at: admd_kw === null ? null : '2026-01-12T17:30:00.000Z',
  mean_demand_kw: null,
  load_factor: admd_kw === null ? null : 0.5,
  admd_kw,
  half_hours: admd_kw === null ? 0 : 48,
  missing: admd_kw === null ? 'no_readings' : null,
  ...extra,
});

describe('admdRangeOf', () => {
  it('keeps the offered ranges and reads anything else as the default period', () => {
    expect(admdRangeOf('3m')).toBe('3m');
    expect(admdRangeOf('1y')).toBe('1y');
    expect(admdRangeOf('24h')).toBeNull();
    expect(admdRangeOf('winter')).toBeNull();
    expect(admdRangeOf(null)).toBeNull();
  });
});

describe('medianAdmdKw', () => {
  it('is the middle figure, or the mean of the two middle ones, of the transformers that have one', () => {
    expect(medianAdmdKw([row('a', 2), row('b', null), row('c', 1), row('d', 1.5)])).toBe(1.5);
    expect(medianAdmdKw([row('a', 2), row('b', 1), row('c', 1.2), row('d', 1.6)])).toBeCloseTo(1.4, 12);
    expect(medianAdmdKw([row('a', null)])).toBeNull();
  });
});

describe('admdCsv', () => {
  it('writes a header and one line per transformer, numbers with a dot, texts quoted as needed', () => {
    const text = admdCsv([row('TX-1', 1.31, { transformer_name: 'Main St, North' }), row('=TX-2', null)], {
      headers: ['Device', 'Name', 'MPRNs', 'Peak', 'ADMD', 'Load factor', 'Peak time', 'Note'],
      time: (iso) => (iso === null ? '' : 'TIME'),
      missing: (r) => (r.missing === null ? '' : 'No readings'),
    });
    expect(text).toBe(
      'Device,Name,MPRNs,Peak,ADMD,Load factor,Peak time,Note\r\n' +
        'TX-1,"Main St, North",40,52.40,1.31,0.50,TIME,\r\n' +
        "'=TX-2,TX =TX-2,40,,,,,No readings\r\n",
    );
  });
});
