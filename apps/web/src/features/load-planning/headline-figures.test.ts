import { describe, expect, it } from 'vitest';
import type { FleetAnalysisRow } from '@gridlens/contract/load-planning';
import type { Language } from '@gridlens/domain/language';
import { translatorFor } from '@gridlens/i18n/translator';
import { headlineFigures, maxEvsWithYearText, type HeadlineFormat } from './headline-figures';

const row: FleetAnalysisRow = {
  device_id: 'NZ-0002',
  transformer_name: 'Ballymore',
  base_load_day: '2026-11-25',
  max_evs: 56,
  max_evs_year: 2028,
  max_ev_hour: 19,
  first_year_over_capacity: 2028,
  max_load_day: '2026-11-25',
  max_load_on_extreme_day: false,
  max_load_year: 2030,
  min_headroom_kw: -41,
  max_load_kw: 231,
  max_load_hour: 19,
};

const formatIn = (language: Language): HeadlineFormat => ({
  t: (key, options) => translatorFor(language)(key, options as Record<string, string>),
  number: (value, decimals = 1) => value.toFixed(decimals),
  day: (day) => day,
});

describe('the headline figures of an analysis', () => {
  it('name the year of max EVs and give every figure a definition', () => {
    const figures = headlineFigures(row, formatIn('EN'));
    expect(figures.map((f) => [f.label, f.value])).toEqual([
      ['First year over capacity', '2028'],
      ['Max EVs in 2028', '56'],
      ['Max EV hour', '19:00'],
      ['Max load', '231.0 kW'],
      ['Max load day and hour (year)', '2026-11-25 19:00 (2030)'],
      ['Min headroom', '-41.0 kW'],
    ]);
    for (const figure of figures) expect(figure.definition.length, figure.id).toBeGreaterThan(30);
  });

  it('never show a bare 0 beside a max EV hour: 0 says the transformer is over even without EVs', () => {
    const over = { ...row, max_evs: 0, max_evs_year: 2026, first_year_over_capacity: 2026 };
    const maxEvs = headlineFigures(over, formatIn('EN')).find((f) => f.id === 'maxEvs');
    expect(maxEvs).toMatchObject({ label: 'Max EVs in 2026', value: '0: over capacity even without EVs' });
    expect(maxEvsWithYearText(over, formatIn('EN'))).toBe('0 in 2026: over capacity even without EVs');
    expect(maxEvsWithYearText(row, formatIn('EN'))).toBe('56 in 2028');
  });

  it('say when the max load is on the 1-in-20 cold day', () => {
    const cold = headlineFigures({ ...row, max_load_on_extreme_day: true }, formatIn('EN')).find((f) => f.id === 'maxLoadWhen');
    expect(cold?.value).toBe('2026-11-25 19:00 (2030) (1-in-20 cold day)');
  });

  it('read in the user’s language', () => {
    const figures = headlineFigures(row, formatIn('FR'));
    expect(figures.find((f) => f.id === 'maxEvs')?.label).toBe('VE maximum en 2028');
    expect(figures.find((f) => f.id === 'minHeadroom')?.definition).toMatch(/^La capacité moins la charge maximale/);
  });
});
