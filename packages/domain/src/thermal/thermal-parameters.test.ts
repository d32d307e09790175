import { describe, expect, it } from 'vitest';
import { steadyStateHotSpotC, steadyStateTopOilC } from './thermal-model';
import { COOLING_MODES, isCoolingMode, ONAN_DISTRIBUTION_DEFAULTS, thermalParametersFor } from './thermal-parameters';

describe('thermalParametersFor (IEC 60076-7:2018 Table 5 by cooling mode)', () => {
  it("gives an ONAF transformer ONAF's parameters, named as the registry's", () => {
    const onaf = thermalParametersFor({ cooling: 'ONAF' });
    expect(onaf.cooling).toBe('ONAF');
    expect(onaf.source).toBe('registry');
    expect(onaf.parameters).toEqual({
      oilExponentX: 0.8,
      windingExponentY: 1.3,
      k11: 0.5,
      k21: 2,
      k22: 2,
      oilTimeConstantMin: 150,
      windingTimeConstantMin: 7,
      lossRatioR: 6,
      hotSpotGradientK: 26,
      topOilRiseK: 52,
      enclosureSurchargeK: 0,
    });
  });

  it("gives a recorded ONAN transformer the ONAN distribution defaults, named as the registry's", () => {
    expect(thermalParametersFor({ cooling: 'ONAN' })).toEqual({
      cooling: 'ONAN',
      source: 'registry',
      parameters: ONAN_DISTRIBUTION_DEFAULTS,
    });
  });

  it('models a transformer whose cooling is not recorded as ONAN, named as the default', () => {
    for (const cooling of [null, undefined]) {
      expect(thermalParametersFor({ cooling })).toEqual({ cooling: 'ONAN', source: 'default', parameters: ONAN_DISTRIBUTION_DEFAULTS });
    }
  });

  it('keeps θh = 98 °C at K = 1 and θa = 20 °C for every mode, and ONAF runs a different hot spot under overload', () => {
    for (const cooling of COOLING_MODES)
      expect(steadyStateHotSpotC(1, 20, thermalParametersFor({ cooling }).parameters)).toBeCloseTo(98, 12);
    const onan = thermalParametersFor({ cooling: 'ONAN' }).parameters;
    const onaf = thermalParametersFor({ cooling: 'ONAF' }).parameters;
    // ONAF at K = 1.2: Δθo = 52·((1 + 6·1.44)/7)^0.8 ≈ 67.17 K; Δθh = 26·1.2^1.3 ≈ 32.96 K.
    expect(steadyStateTopOilC(1.2, 20, onaf)).toBeCloseTo(87.17, 1);
    expect(steadyStateHotSpotC(1.2, 20, onaf)).toBeCloseTo(120.13, 1);
    expect(steadyStateHotSpotC(1.2, 20, onaf)).not.toBeCloseTo(steadyStateHotSpotC(1.2, 20, onan), 0);
  });

  it('hands out a copy: changing one answer does not change the next', () => {
    thermalParametersFor({ cooling: 'ONAF' }).parameters.topOilRiseK = 1;
    expect(thermalParametersFor({ cooling: 'ONAF' }).parameters.topOilRiseK).toBe(52);
  });

  it('knows ONAN and ONAF and nothing else', () => {
    expect(COOLING_MODES).toEqual(['ONAN', 'ONAF']);
    expect(isCoolingMode('ONAF')).toBe(true);
    expect(isCoolingMode('OFAF')).toBe(false);
    expect(isCoolingMode(null)).toBe(false);
  });
});
