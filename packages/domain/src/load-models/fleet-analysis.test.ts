import { describe, expect, it } from 'vitest';
import { defaultHeatPumpConstants, heatPumpKwPerHp, heatPumpMix } from './heat-pump';
import { compareByReinforcementUrgency, fleetAnalysisRow } from './fleet-analysis';
import { hpCountsByYear, prepareLoadModels, type TransformerLoadInput } from './load-model-preparation';
import { defaultEvModelParameters, defaultHpModelParameters, type EvModelParameters, type HpModelParameters } from './model-parameters';
import { explainTransformer } from './transformer-explanation';

const constant = (value: number) => new Float64Array(24).fill(value);

/**
 * Every EV plugs in during 18:00-19:00 (a uniform of half-width √3·sd = 0.5 h around 18:30) and charges 2 h on a
 * 7 kW charger, half the days: 0.5 × 7 = 3.5 kW per EV at 18:00 and 19:00, nothing else. Shares 10, 15, 20 % in
 * 2028-2030 at the median (CL 50 %) of N = 200 give 20, 30 and 40 EVs.
 */
const twoHourEvs: EvModelParameters = {
  ...defaultEvModelParameters,
  arrivalDistribution: 'uniform',
  arrivalMeanHour: 18.5,
  arrivalSdHours: 0.5 / Math.sqrt(3),
  chargeDurationWeekdayHours: 2,
  chargeRateWeekdayPercent: 50,
  charger7kwPercent: 100,
  bevPercent: 100,
  confidenceLevelPercent: 50,
  currentEvSharePercent: 10,
  newCarBuyersPercentPerYear: 10,
  evShareOfSalesPercent: 50,
};
const noHeatPumps: HpModelParameters = { ...defaultHpModelParameters, currentHeatPumpSharePercent: 0, installingPercentPerYear: 0 };
/** 100 kVA flat (95 kW at PF 0.95) under a 200 kVA rating (190 kW): 95 kW spare, so 27 EVs fit (27 × 3.5 = 94.5). */
const flatDay: TransformerLoadInput = {
  ratingKva: 200,
  connectedCustomers: 200,
  days: [{ id: '2028-01-17', isWeekend: false, baseLoadKva: constant(100), ambientC: constant(5) }],
};

describe('fleetAnalysisRow, EVs only (hand-derived)', () => {
  const prepared = prepareLoadModels(twoHourEvs, noHeatPumps, { baseYear: 2028 });

  it('max EVs ⌊95 / 3.5⌋ = 27; over capacity in 2029 (30 EVs: 95 + 105 = 200 > 190 kW); 2030 peaks at 95 + 140 = 235 kW', () => {
    const row = fleetAnalysisRow(prepared, flatDay);
    expect(row.maxEvs).toBe(27);
    expect(row.maxEvsYear).toBe(2029);
    expect(row.firstYearOverCapacity).toBe(2029);
    expect(row.maxLoadKw).toBeCloseTo(235, 10);
    expect(row.maxLoadHour).toBe(18);
    expect(row.maxEvHour).toBe(18);
    expect(row.minHeadroomKw).toBeCloseTo(-45, 10);
    expect(row.maxLoadYear).toBe(2030);
    expect(row.maxLoadDay).toBe('2028-01-17');
    expect(row.maxLoadOnExtremeDay).toBe(false);
  });

  it('none by 2030 when the rating holds 40 EVs: 95 + 140 = 235 kW ≤ 250 kVA × 0.95 = 237.5 kW', () => {
    const row = fleetAnalysisRow(prepared, { ...flatDay, ratingKva: 250 });
    expect(row.firstYearOverCapacity).toBeNull();
    expect(row.minHeadroomKw).toBeCloseTo(2.5, 10);
    // None over: max EVs is the horizon year's, ⌊(237.5 − 95) / 3.5⌋ = 40, and 2030's 40 EVs fit.
    expect(row.maxEvsYear).toBe(2030);
    expect(row.maxEvs).toBe(40);
  });

  it('over from the base year when the base load alone is over, and then no EV fits', () => {
    const row = fleetAnalysisRow(prepared, { ...flatDay, ratingKva: 90 });
    expect(row.maxEvs).toBe(0);
    expect(row.maxEvsYear).toBe(2028);
    expect(row.firstYearOverCapacity).toBe(2028);
  });

  it('null max EVs when EVs never charge, or so rarely that a million still fit, by either method', () => {
    const idle = prepareLoadModels({ ...twoHourEvs, chargeRateWeekdayPercent: 0 }, noHeatPumps, { baseYear: 2028 });
    expect(fleetAnalysisRow(idle, flatDay).maxEvs).toBeNull();
    for (const evLoadMethod of ['expected', 'conservative'] as const) {
      const rare = prepareLoadModels({ ...twoHourEvs, chargeRateWeekdayPercent: 1e-9 }, noHeatPumps, { baseYear: 2028, evLoadMethod });
      expect(fleetAnalysisRow(rare, flatDay).maxEvs).toBeNull();
    }
  });

  it('a weekend day takes the weekend shape: 3 h charges from 13:00 ± 4 h, so 18:00 no longer binds alone', () => {
    const weekend: TransformerLoadInput = { ...flatDay, days: [{ ...flatDay.days[0]!, isWeekend: true }] };
    const row = fleetAnalysisRow(prepared, weekend);
    expect(row.maxEvHour).not.toBe(18);
    expect(row.maxEvs).toBeGreaterThan(27);
  });

  it('with several days, max EVs is the tightest day and the max load names its day', () => {
    const busier = { id: '2028-01-18', isWeekend: false, baseLoadKva: constant(110), ambientC: constant(5) };
    const row = fleetAnalysisRow(prepared, { ...flatDay, days: [flatDay.days[0]!, busier] });
    expect(row.maxEvs).toBe(Math.floor((190 - 104.5) / 3.5));
    expect(row.maxLoadDay).toBe('2028-01-18');
    expect(row.maxLoadKw).toBeCloseTo(104.5 + 140, 10);
  });

  it('conservative: each hour holds the CL quantile of Binomial(n, q·c(h)) chargers, here the median of Binomial(n, ½)', () => {
    const conservative = prepareLoadModels(twoHourEvs, noHeatPumps, { baseYear: 2028, evLoadMethod: 'conservative' });
    const row = fleetAnalysisRow(conservative, flatDay);
    // 2030: 40 EVs, median of Binomial(40, ½) = 20 chargers × 7 kW = 140 kW, as expected.
    expect(row.maxLoadKw).toBeCloseTo(235, 10);
    // 95 kW spare holds 13 chargers (91 kW); the median of Binomial(n, ½) is 13 up to n = 27, 14 from n = 28.
    expect(row.maxEvs).toBe(27);
  });

  it('refuses a transformer without a rating, a fractional customer count or no day', () => {
    expect(() => fleetAnalysisRow(prepared, { ...flatDay, ratingKva: 0 })).toThrow(/ratingKva/);
    expect(() => fleetAnalysisRow(prepared, { ...flatDay, connectedCustomers: 1.5 })).toThrow(/connectedCustomers/);
    expect(() => fleetAnalysisRow(prepared, { ...flatDay, days: [] })).toThrow(/day/);
  });
});

describe('fleetAnalysisRow with heat pumps', () => {
  /** Existing detached, low-temperature air-to-water; half of 200 homes at the median = 100 heat pumps. */
  const hp: HpModelParameters = {
    ...noHeatPumps,
    newBuildPercent: 0,
    detachedPercent: 100,
    hybridPercent: 0,
    highTemperaturePercent: 0,
    currentHeatPumpSharePercent: 50,
    confidenceLevelPercent: 50,
  };
  const noEvs: EvModelParameters = { ...twoHourEvs, currentEvSharePercent: 0, evShareOfSalesPercent: 0 };

  it('at 5 °C each heat pump draws 63 kWh × (1/16.55) / 3.5835 at 07:00; 100 of them on top of 95 kW', () => {
    const row = fleetAnalysisRow(prepareLoadModels(noEvs, hp, { baseYear: 2028 }), flatDay);
    expect(row.maxLoadKw).toBeCloseTo(95 + (100 * 63) / 16.55 / 3.58357875, 10);
    expect(row.maxLoadHour).toBe(7);
  });

  it('the extreme scenario adds the −5 °C twin of each day, which holds the maximum', () => {
    const prepared = prepareLoadModels(noEvs, { ...hp, extremeScenario: true }, { baseYear: 2028 });
    const row = fleetAnalysisRow(prepared, flatDay);
    const mix = heatPumpMix(hp, defaultHeatPumpConstants);
    const coldKw = heatPumpKwPerHp(mix, constant(-5), new Float64Array(24));
    expect(row.maxLoadOnExtremeDay).toBe(true);
    expect(row.maxLoadKw).toBeCloseTo(95 + 100 * Math.max(...coldKw), 10);
  });

  it('max EVs is for the first year over capacity, with that year’s heat pumps (15 % of 200 at the median in 2029: 30)', () => {
    const fewer = { ...hp, currentHeatPumpSharePercent: 10, installingPercentPerYear: 5 };
    const prepared = prepareLoadModels(twoHourEvs, fewer, { baseYear: 2028 });
    expect(Array.from(hpCountsByYear(prepared, 200))).toEqual([20, 30, 40]);
    const hpKw = heatPumpKwPerHp(heatPumpMix(fewer, defaultHeatPumpConstants), constant(5), new Float64Array(24));
    // 2028: 95 + 20 × 3.5 + 20 × 0.956 = 184.1 kW fits; 2029: 95 + 30 × 3.5 + 30 × 0.956 = 228.7 kW does not.
    const row = fleetAnalysisRow(prepared, flatDay);
    expect(row.firstYearOverCapacity).toBe(2029);
    expect(row.maxEvsYear).toBe(2029);
    const spareAt18 = 190 - 95 - 30 * (hpKw[18] as number);
    const spareAt19 = 190 - 95 - 30 * (hpKw[19] as number);
    expect(row.maxEvs).toBe(Math.floor(Math.min(spareAt18, spareAt19) / 3.5));
    // The forecast's 30 EVs of 2029 are above it, as "over capacity in 2029" says.
    expect(row.maxEvs).toBeLessThan(30);
  });
});

describe('explainTransformer', () => {
  it('gives the same row, a forecast whose worst year is the row, and profiles that add up', () => {
    const prepared = prepareLoadModels(
      defaultEvModelParameters,
      { ...defaultHpModelParameters, extremeScenario: true },
      { baseYear: 2026 },
    );
    const input: TransformerLoadInput = {
      ratingKva: 400,
      connectedCustomers: 150,
      days: [
        {
          id: '2026-11-23',
          isWeekend: false,
          baseLoadKva: constant(150).map((v, h) => v + 60 * Math.sin((h / 24) * Math.PI)),
          ambientC: constant(4),
        },
      ],
    };
    const explanation = explainTransformer(prepared, input);
    expect(explanation.row).toEqual(fleetAnalysisRow(prepared, input));
    expect(explanation.forecast.map((f) => f.year)).toEqual([2026, 2027, 2028, 2029, 2030]);
    expect(Math.max(...explanation.forecast.map((f) => f.peakLoadKw))).toBeCloseTo(explanation.row.maxLoadKw, 12);
    expect(explanation.days.map((d) => d.extreme)).toEqual([false, true]);
    const profile = explanation.days[1]!.profiles[4]!;
    for (let h = 0; h < 24; h++)
      expect(profile.totalKw[h]).toBeCloseTo((profile.baseKw[h] as number) + (profile.evKw[h] as number) + (profile.hpKw[h] as number), 12);
    expect(explanation.capacityKw).toBeCloseTo(380, 12);
    const firstOver = explanation.forecast.find((f) => f.overCapacity)?.year ?? null;
    expect(firstOver).toBe(explanation.row.firstYearOverCapacity);
    // The row's max EVs is its year's line of the forecast.
    expect(explanation.forecast.find((f) => f.year === explanation.row.maxEvsYear)?.maxEvs).toBe(explanation.row.maxEvs);
  });
});

describe('compareByReinforcementUrgency', () => {
  it('earliest year over capacity first, none by 2030 last, then the least headroom', () => {
    const rows = [
      { id: 'none', firstYearOverCapacity: null, minHeadroomKw: 5 },
      { id: '2029', firstYearOverCapacity: 2029, minHeadroomKw: -10 },
      { id: '2027 tight', firstYearOverCapacity: 2027, minHeadroomKw: -80 },
      { id: 'none roomy', firstYearOverCapacity: null, minHeadroomKw: 50 },
      { id: '2027', firstYearOverCapacity: 2027, minHeadroomKw: -20 },
    ];
    expect([...rows].sort(compareByReinforcementUrgency).map((row) => row.id)).toEqual([
      '2027 tight',
      '2027',
      '2029',
      'none',
      'none roomy',
    ]);
  });
});
