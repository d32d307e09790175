import { describe, expect, it } from 'vitest';
import { runThermalModel, steadyStateHotSpotC, steadyStateTopOilC } from './thermal-model';
import { ONAN_DISTRIBUTION_DEFAULTS, thermalParameters } from './thermal-parameters';

const MIN = 60_000;
const defaults = thermalParameters();

/** A series with one K and θa per sample at the given step lengths (minutes) after t = 0. */
function series(stepsMin: number[], loadPu: number[], ambientC: number[]) {
  const timesMs = new Float64Array(stepsMin.length + 1);
  for (let i = 0; i < stepsMin.length; i++) timesMs[i + 1] = timesMs[i]! + stepsMin[i]! * MIN;
  return { timesMs, loadPu: Float64Array.from(loadPu), ambientC: Float64Array.from(ambientC) };
}

function constant(samples: number, stepMin: number, loadPu: number, ambientC: number) {
  return series(Array<number>(samples - 1).fill(stepMin), Array<number>(samples).fill(loadPu), Array<number>(samples).fill(ambientC));
}

describe('steady state (IEC 60076-7 clause 8, derived by hand)', () => {
  it('gives θo = 75 °C and θh = 98 °C at K = 1 and θa = 20 °C with the ONAN defaults', () => {
    // Δθo,ult = 55·((1 + 5)/(1 + 5))^0.8 = 55 K; Δθh = 23·1^1.6 = 23 K.
    expect(steadyStateTopOilC(1, 20, defaults)).toBeCloseTo(75, 12);
    expect(steadyStateHotSpotC(1, 20, defaults)).toBeCloseTo(98, 12);
  });

  it('gives θh ≈ 42.68 °C at K = 0.5 and θa = 10 °C', () => {
    // (1 + 5·0.25)/6 = 0.375, 0.375^0.8 = 0.45627 → 25.095 K; 23·0.5^1.6 = 7.587 K.
    expect(steadyStateTopOilC(0.5, 10, defaults)).toBeCloseTo(35.095, 3);
    expect(steadyStateHotSpotC(0.5, 10, defaults)).toBeCloseTo(42.682, 3);
  });

  it('adds the enclosure surcharge to the top-oil rise at rated load', () => {
    const kiosk = thermalParameters({ enclosureSurchargeK: 10 });
    expect(steadyStateTopOilC(1, 20, kiosk)).toBeCloseTo(85, 12);
  });

  it('keeps every default the issue names', () => {
    expect(ONAN_DISTRIBUTION_DEFAULTS).toEqual({
      oilExponentX: 0.8,
      windingExponentY: 1.6,
      k11: 1,
      k21: 1,
      k22: 2,
      oilTimeConstantMin: 180,
      windingTimeConstantMin: 4,
      lossRatioR: 5,
      hotSpotGradientK: 23,
      topOilRiseK: 55,
      enclosureSurchargeK: 0,
    });
    expect(thermalParameters({ oilTimeConstantMin: 150, k21: undefined }).oilTimeConstantMin).toBe(150);
    expect(thermalParameters({ k21: undefined }).k21).toBe(1);
  });
});

describe('runThermalModel', () => {
  it('starts at the first sample’s steady state, or cold at ambient', () => {
    const input = series([15], [1, 1], [20, 20]);
    const steady = runThermalModel(input, defaults, 'steady');
    expect(steady.topOilC[0]).toBeCloseTo(75, 12);
    expect(steady.hotSpotC[0]).toBeCloseTo(98, 12);
    const cold = runThermalModel(input, defaults, 'cold');
    expect(cold.topOilC[0]).toBe(20);
    expect(cold.hotSpotC[0]).toBe(20);
  });

  it('follows the exact exponential over one step (hand-derived)', () => {
    // Steady at K 0.6, θa 10: θo = 39.8929 °C; the step to K 1.2, θa 5 aims at 75.6143 °C with τo = 180 min.
    const out = runThermalModel(series([60], [0.6, 1.2], [10, 5]), defaults, 'steady');
    expect(out.topOilC[1]).toBeCloseTo(75.6143 + (39.8929 - 75.6143) * Math.exp(-60 / 180), 3);
    expect(out.topOilC[1]).toBeCloseTo(50.0188, 3);
  });

  it('gives the same temperatures for one 60-minute step as for four 15-minute steps at constant K', () => {
    const one = runThermalModel(series([60], [0.6, 1.2], [10, 5]), defaults, 'steady');
    const four = runThermalModel(series([15, 15, 15, 15], [0.6, 1.2, 1.2, 1.2, 1.2], [10, 5, 5, 5, 5]), defaults, 'steady');
    expect(four.topOilC[4]).toBeCloseTo(one.topOilC[1]!, 10);
    expect(four.hotSpotC[4]).toBeCloseTo(one.hotSpotC[1]!, 10);
    const k21 = thermalParameters({ k21: 2 });
    const oneK21 = runThermalModel(series([60], [0.6, 1.2], [10, 5]), k21, 'steady');
    const fourK21 = runThermalModel(series([15, 15, 15, 15], [0.6, 1.2, 1.2, 1.2, 1.2], [10, 5, 5, 5, 5]), k21, 'steady');
    expect(fourK21.hotSpotC[4]).toBeCloseTo(oneK21.hotSpotC[1]!, 10);
  });

  it('gives the same temperatures for uneven steps (15 then 45 minutes) as for one 60-minute step', () => {
    const one = runThermalModel(series([60], [0.6, 1.2], [10, 5]), thermalParameters({ k21: 2 }), 'steady');
    const uneven = runThermalModel(series([15, 45], [0.6, 1.2, 1.2], [10, 5, 5]), thermalParameters({ k21: 2 }), 'steady');
    expect(uneven.topOilC[2]).toBeCloseTo(one.topOilC[1]!, 10);
    expect(uneven.hotSpotC[2]).toBeCloseTo(one.hotSpotC[1]!, 10);
  });

  it('reaches the ultimate temperatures after a long constant load, from cold', () => {
    const out = runThermalModel(constant(10 * 96, 15, 0.9, 12), defaults, 'cold');
    const last = out.topOilC.length - 1;
    expect(out.topOilC[last]).toBeCloseTo(steadyStateTopOilC(0.9, 12, defaults), 6);
    expect(out.hotSpotC[last]).toBeCloseTo(steadyStateHotSpotC(0.9, 12, defaults), 6);
  });

  it('lets a cold start converge on the steady start under the same varying load', () => {
    const steps = Array<number>(5 * 96).fill(15);
    const loads = steps.map((_, i) => 0.5 + 0.6 * Math.max(0, Math.sin((2 * Math.PI * i) / 96)));
    const ambient = steps.map((_, i) => 8 + 3 * Math.cos((2 * Math.PI * i) / 96));
    const input = series(steps, [0.5, ...loads], [11, ...ambient]);
    const cold = runThermalModel(input, defaults, 'cold');
    const steady = runThermalModel(input, defaults, 'steady');
    expect(Math.abs(cold.hotSpotC[1]! - steady.hotSpotC[1]!)).toBeGreaterThan(10);
    const last = steps.length;
    expect(cold.hotSpotC[last]).toBeCloseTo(steady.hotSpotC[last]!, 4);
  });

  it('overshoots the hot spot after a load step when k21 > 1 (the oil-flow term), and not when k21 = 1', () => {
    const input = constant(4 * 12, 5, 1, 20);
    input.loadPu[0] = 0.3;
    for (const [k21, overshoots] of [
      [1, false],
      [2, true],
    ] as const) {
      const out = runThermalModel(input, thermalParameters({ k21 }), 'steady');
      const early = Math.max(...out.hotSpotC.subarray(1, 12)) - out.topOilC[11]!;
      expect(early > 23 + 0.5, `k21 ${k21}`).toBe(overshoots);
    }
  });

  it('uses a measured top oil where one is given and models the gaps from it', () => {
    const input = {
      ...series([15, 15, 15], [1, 1, 1, 1], [20, 20, 20, 20]),
      measuredTopOilC: Float64Array.from([70, Number.NaN, 80, Number.NaN]),
    };
    const out = runThermalModel(input, defaults, 'steady');
    expect(out.topOilC[0]).toBe(70);
    expect(out.hotSpotC[0]).toBeCloseTo(93, 12);
    // From 70 °C towards 75 °C over 15 min with τo 180 min.
    expect(out.topOilC[1]).toBeCloseTo(75 - 5 * Math.exp(-15 / 180), 10);
    expect(out.topOilC[2]).toBe(80);
    expect(out.hotSpotC[2]).toBeCloseTo(103, 10);
    expect(out.topOilC[3]).toBeCloseTo(75 + 5 * Math.exp(-15 / 180), 10);
  });

  it('writes into arrays the caller provides', () => {
    const topOilC = new Float64Array(3);
    const hotSpotC = new Float64Array(3);
    const out = runThermalModel(series([15, 15], [1, 1, 1], [20, 20, 20]), defaults, 'steady', { topOilC, hotSpotC });
    expect(out.topOilC).toBe(topOilC);
    expect(hotSpotC[2]).toBeCloseTo(98, 10);
  });

  it('rejects inputs of different lengths and times that go backwards', () => {
    const input = series([15], [1, 1], [20, 20]);
    expect(() => runThermalModel({ ...input, ambientC: new Float64Array(1) }, defaults, 'cold')).toThrow(/same length/);
    expect(() => runThermalModel({ ...input, timesMs: Float64Array.from([MIN, 0]) }, defaults, 'cold')).toThrow(/backwards/);
    const empty = { timesMs: new Float64Array(0), loadPu: new Float64Array(0), ambientC: new Float64Array(0) };
    expect(runThermalModel(empty, defaults, 'cold').topOilC).toHaveLength(0);
  });
});
