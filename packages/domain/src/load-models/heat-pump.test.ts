import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import {
  dailyHeatDemandKwh,
  dailyMeanC,
  defaultHeatPumpConstants,
  AIR_SOURCE_COP_COEFFICIENTS,
  heatPumpCop,
  heatPumpKwPerHp,
  heatPumpMix,
  shiftToDailyMean,
  sinkTemperatureC,
  systemCop,
} from './heat-pump';
import { defaultHpModelParameters, type HpModelParameters } from './model-parameters';

const constant = (valueC: number) => new Float64Array(24).fill(valueC);
/** A cold day: mean `meanC`, coldest (−2 K) at 03:00 and warmest (+2 K) at 15:00. */
const coldDay = (meanC: number) => new Float64Array(24).map((_, h) => meanC - 2 * Math.cos(((h - 3) / 24) * 2 * Math.PI));
/** Existing detached homes only, low-temperature air-to-water, no hybrids: UA24 = 12,000 / 2,000 = 6 kWh/(K·day). */
const simple: HpModelParameters = {
  ...defaultHpModelParameters,
  newBuildPercent: 0,
  detachedPercent: 100,
  hybridPercent: 0,
  highTemperaturePercent: 0,
};

describe('COP (Ruhnau et al., when2heat)', () => {
  it('sink temperatures: floor 30 − 0.5·T, radiators 40 − T', () => {
    expect(sinkTemperatureC('low_temperature', -5)).toBe(32.5);
    expect(sinkTemperatureC('high_temperature', -5)).toBe(45);
    expect(sinkTemperatureC('low_temperature', 10)).toBe(25);
  });

  it('COP = (6.0801 − 0.0941·ΔT + 0.0005·ΔT²)·0.85 by hand at ΔT 37.5, 50 and 22.5 K', () => {
    expect(heatPumpCop(37.5)).toBeCloseTo((6.0801 - 3.52875 + 0.703125) * 0.85, 12);
    expect(systemCop('low_temperature', -5)).toBeCloseTo(2.76630375, 12);
    expect(systemCop('high_temperature', -5)).toBeCloseTo(2.231335, 12);
    expect(systemCop('low_temperature', 5)).toBeCloseTo(3.58357875, 12);
  });

  it("takes when2heat's published intercept 6.0801, not the paper's rounded 6.08: every COP is 0.0001 × 0.85 higher", () => {
    expect(AIR_SOURCE_COP_COEFFICIENTS).toEqual([6.0801, -0.0941, 0.0005]);
    const roundedFit = (lift: number) => (6.08 - 0.0941 * lift + 0.0005 * lift * lift) * 0.85;
    for (const lift of [15, 22.5, 37.5, 50, 70]) expect(heatPumpCop(lift) - roundedFit(lift)).toBeCloseTo(0.0001 * 0.85, 12);
    // Its effect on the load: one low-temperature heat pump on a constant −5 °C day (lift 37.5 K) draws COP_rounded/COP
    // of what the rounded fit gave, 2.76621875 / 2.76630375 = 0.99996927… of it.
    const mix = heatPumpMix(simple, defaultHeatPumpConstants);
    const kw = heatPumpKwPerHp(mix, constant(-5), new Float64Array(24));
    const heatAt7Kwh = (6 * 20.5) / 16.55;
    expect(kw[7]).toBeCloseTo(heatAt7Kwh / 2.76630375, 12);
    expect((kw[7] as number) / (heatAt7Kwh / roundedFit(37.5))).toBeCloseTo(2.76621875 / 2.76630375, 12);
  });

  it('clips the lift at 15 K: a mild day never earns a COP above the 15 K figure', () => {
    expect(heatPumpCop(5)).toBe(heatPumpCop(15));
    expect(systemCop('low_temperature', 20)).toBeCloseTo(4.063935, 12);
  });
});

describe('degree-day demand', () => {
  it('UA24 of the default mix: (0.3·(0.4·7000 + 0.6·4500) + 0.7·(0.4·12000 + 0.6·8500)) / 2000 = 4.29', () => {
    expect(heatPumpMix(defaultHpModelParameters, defaultHeatPumpConstants).ua24KwhPerKDay).toBeCloseTo(4.29, 12);
  });

  it('Q_day = UA24·max(0, 15.5 − T_mean): 6 × 20.5 = 123 kWh at −5 °C, nothing at 15.5 °C or above', () => {
    const mix = heatPumpMix(simple, defaultHeatPumpConstants);
    expect(dailyHeatDemandKwh(mix, -5)).toBeCloseTo(123, 12);
    expect(dailyHeatDemandKwh(mix, 15.5)).toBe(0);
    expect(dailyHeatDemandKwh(mix, 20)).toBe(0);
  });

  it('the intraday shape is normalised; overnight is 0.4 of the 07:00 peak', () => {
    const { hourlyFraction } = heatPumpMix(simple, defaultHeatPumpConstants);
    expect(hourlyFraction.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 12);
    expect((hourlyFraction[2] as number) / (hourlyFraction[7] as number)).toBeCloseTo(0.4, 12);
  });
});

describe('heatPumpKwPerHp', () => {
  it('at a constant 5 °C: Q_day·fraction(h)/COP, i.e. 63 kWh × (1/16.55) / 3.5835 at 07:00', () => {
    const mix = heatPumpMix(simple, defaultHeatPumpConstants);
    const kw = heatPumpKwPerHp(mix, constant(5), new Float64Array(24));
    expect(kw[7]).toBeCloseTo(63 / 16.55 / 3.58357875, 12);
    expect(kw[2]).toBeCloseTo((63 * 0.4) / 16.55 / 3.58357875, 12);
  });

  it('weights high- and low-temperature COPs by the high-temperature share', () => {
    const mix = heatPumpMix({ ...simple, highTemperaturePercent: 25 }, defaultHeatPumpConstants);
    const kw = heatPumpKwPerHp(mix, constant(-5), new Float64Array(24));
    const heatAt7 = (6 * 20.5) / 16.55;
    expect(kw[7]).toBeCloseTo(heatAt7 * (0.25 / 2.231335 + 0.75 / 2.76630375), 12);
  });

  it('hybrids draw nothing below the bivalent point and their full share above it', () => {
    const mix = heatPumpMix({ ...simple, hybridPercent: 40, bivalentTemperatureC: 2 }, defaultHeatPumpConstants);
    const noHybrid = heatPumpMix(simple, defaultHeatPumpConstants);
    const ambient = constant(3);
    ambient[7] = 1;
    ambient[8] = 5;
    const withHybrids = heatPumpKwPerHp(mix, ambient, new Float64Array(24));
    const without = heatPumpKwPerHp(noHybrid, ambient, new Float64Array(24));
    expect(withHybrids[7]).toBeCloseTo(0.6 * (without[7] as number), 12);
    expect(withHybrids[8]).toBeCloseTo(without[8] as number, 12);
  });

  it('plausibility (domain-references §5): about 1.7-2.2 kW per heat pump after diversity on a −5 °C day, default model', () => {
    const mix = heatPumpMix(defaultHpModelParameters, defaultHeatPumpConstants);
    for (const ambient of [constant(-5), coldDay(-5)]) {
      const peakKw = Math.max(...heatPumpKwPerHp(mix, ambient, new Float64Array(24)));
      expect(peakKw).toBeGreaterThanOrEqual(1.7);
      expect(peakKw).toBeLessThanOrEqual(2.2);
    }
  });

  it('a colder day never lowers any hour of an air-to-water fleet (seeded)', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 100; i++) {
      const model = { ...simple, newBuildPercent: 100 * random(), detachedPercent: 100 * random(), highTemperaturePercent: 100 * random() };
      const mix = heatPumpMix(model, defaultHeatPumpConstants);
      const warm = coldDay(-10 + 30 * random());
      const colder = shiftToDailyMean(warm, dailyMeanC(warm) - 5 * random(), new Float64Array(24));
      const warmKw = heatPumpKwPerHp(mix, warm, new Float64Array(24));
      const colderKw = heatPumpKwPerHp(mix, colder, new Float64Array(24));
      for (let h = 0; h < 24; h++) expect(colderKw[h]).toBeGreaterThanOrEqual((warmKw[h] as number) - 1e-12);
    }
  });
});

describe('the 1-in-20 cold day', () => {
  it('shifts the day to the chosen mean and keeps its daily cycle', () => {
    const day = coldDay(6);
    const cold = shiftToDailyMean(day, -5, new Float64Array(24));
    expect(dailyMeanC(cold)).toBeCloseTo(-5, 12);
    expect((cold[15] as number) - (cold[3] as number)).toBeCloseTo((day[15] as number) - (day[3] as number), 12);
  });
});
