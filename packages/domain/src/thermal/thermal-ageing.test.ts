import { describe, expect, it } from 'vitest';
import { thermalAgeing } from './thermal-ageing';
import { thermalParameters } from './thermal-parameters';

describe('thermalAgeing', () => {
  it('ages one day per day at rated load and 20 °C ambient (θh = 98 °C) from the steady start', () => {
    const samples = 2 * 96 + 1;
    const input = {
      timesMs: Float64Array.from({ length: samples }, (_, i) => i * 900_000),
      loadPu: new Float64Array(samples).fill(1),
      ambientC: new Float64Array(samples).fill(20),
    };
    const result = thermalAgeing(input, thermalParameters(), 'steady', 'normal');
    expect(result.hotSpotC[samples - 1]).toBeCloseTo(98, 10);
    expect(result.lossOfLife.lossOfLifeDays).toBeCloseTo(2, 10);
    expect(result.lossOfLife.equivalentAgeingFactor).toBeCloseTo(1, 10);
    // 10 K cooler ambient: V = 2^(-10/6) = 0.315 throughout.
    input.ambientC.fill(10);
    expect(thermalAgeing(input, thermalParameters(), 'steady', 'normal').lossOfLife.equivalentAgeingFactor).toBeCloseTo(
      Math.pow(2, -10 / 6),
      10,
    );
  });
});
