import { describe, expect, it } from 'vitest';
import type { AdmdRow } from '@gridlens/contract/load-analysis';
import { translatorFor } from '@gridlens/i18n/translator';
import { admdCsv, admdPeriodSentences, admdRangeOf, medianAdmdKw } from './admd-model';

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

describe('the ADMD period text', () => {
  const period = { from: '2026-08-26T12:00:00.000Z', to: '2026-11-24T12:00:00.000Z' };

  it('names the days that hold readings when a new installation has 21 of the 90 days', () => {
    const data = { from: '2026-11-03T12:00:00.000Z', to: '2026-11-24T12:00:00.000Z', days: 21, period_days: 90 };
    expect(admdPeriodSentences({ ...period, period: 'last_90_days', data })).toEqual([
      { key: 'last90Days', values: { from: data.from, to: period.to, days: 21, periodDays: 90 } },
    ]);
    // The sentence says the 21 days, not the 90 alone.
    const t = translatorFor('EN');
    expect(t('loadAnalysis.period.last90Days', { from: '03/11/2026', to: '24/11/2026', days: '21', periodDays: '90' })).toBe(
      'The data hold no whole winter: the last days that hold readings (21 of 90), from 03/11/2026 to 24/11/2026.',
    );
  });

  it('adds which part a winter the readings only partly cover, and nothing when they cover it', () => {
    const winter = { from: '2025-11-01T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z', period: 'winter' as const };
    const part = { from: '2026-01-12T17:00:00.000Z', to: '2026-01-12T18:00:00.000Z', days: 1, period_days: 120 };
    expect(admdPeriodSentences({ ...winter, data: part }).map((s) => s.key)).toEqual(['winter', 'covered']);
    expect(admdPeriodSentences({ ...winter, data: { ...part, days: 120 } }).map((s) => s.key)).toEqual(['winter']);
    expect(admdPeriodSentences({ ...winter, data: null }).map((s) => s.key)).toEqual(['noReadings']);
  });

  it('says the period holds no readings, not "(0 of 0)", when no transformer has a reading in it', () => {
    // A tenant whose transformers have not reported yet, or a range before the first reading: the answer has no data.
    const period90 = { ...period, period: 'last_90_days' as const, data: null };
    expect(admdPeriodSentences(period90)).toEqual([{ key: 'noReadings', values: period }]);
    const requested = { from: '2025-01-01T00:00:00.000Z', to: '2025-04-01T00:00:00.000Z', period: 'requested' as const, data: null };
    expect(admdPeriodSentences(requested)).toEqual([{ key: 'noReadings', values: { from: requested.from, to: requested.to } }]);
  });

  it.each(['EN', 'GA', 'FR', 'ES', 'PL'] as const)('words the period without readings in %s, with its dates and no count', (language) => {
    const t = translatorFor(language);
    const text = t('loadAnalysis.period.noReadings', { from: '26/08/2026', to: '24/11/2026' });
    expect(text).toContain('26/08/2026');
    expect(text).toContain('24/11/2026');
    expect(text).not.toMatch(/\b0\b/);
    expect(text).not.toContain('loadAnalysis');
    if (language !== 'EN')
      expect(text).not.toBe(translatorFor('EN')('loadAnalysis.period.noReadings', { from: '26/08/2026', to: '24/11/2026' }));
  });
});
