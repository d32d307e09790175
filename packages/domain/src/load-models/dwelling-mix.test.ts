import { describe, expect, it } from 'vitest';
import { areaTypeOf, BER_BANDS, DWELLING_CLASSES, DWELLING_MIX_BY_AREA } from './dwelling-mix';

describe('dwelling mix by area type', () => {
  it.each(Object.entries(DWELLING_MIX_BY_AREA))('%s: the bands and the classes each sum to 100 %', (_area, mix) => {
    expect(BER_BANDS.reduce((sum, band) => sum + mix.berBandPercent[band], 0)).toBe(100);
    expect(DWELLING_CLASSES.reduce((sum, c) => sum + mix.dwellingClassPercent[c], 0)).toBe(100);
  });

  it('gives commuter areas the newer stock: more A-B and fewer E-G than elsewhere', () => {
    const { commuter, non_commuter: other } = DWELLING_MIX_BY_AREA;
    expect(commuter.berBandPercent.A + commuter.berBandPercent.B).toBeGreaterThan(other.berBandPercent.A + other.berBandPercent.B);
    expect(commuter.berBandPercent.E + commuter.berBandPercent.F + commuter.berBandPercent.G).toBeLessThan(
      other.berBandPercent.E + other.berBandPercent.F + other.berBandPercent.G,
    );
  });

  it('types an area by its commuter flag', () => {
    expect(areaTypeOf(true)).toBe('commuter');
    expect(areaTypeOf(false)).toBe('non_commuter');
  });
});
