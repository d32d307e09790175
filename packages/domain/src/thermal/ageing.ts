/**
 * Insulation ageing from the hot-spot temperature (IEC 60076-7:2018 clause 6, IEEE C57.91-2011 clause 5).
 * Loss of life integrates the relative ageing rate with the rectangle rule: each sample's V over the interval since
 * the previous sample (the same convention as the thermal model's step; the first sample has no interval).
 */

const MS_PER_HOUR = 3_600_000;
const LN2_PER_6_K = Math.LN2 / 6;

/** Paper insulation: ordinary Kraft, or thermally upgraded (IEC 60076-7:2018 clause 6). */
export type PaperInsulation = 'normal' | 'thermally-upgraded';

/** IEC 60076-7:2018 clause 6: hot spot at which normal paper ages at the rated rate (V = 1), in °C. */
export const NORMAL_PAPER_REFERENCE_HOT_SPOT_C = 98;
/** IEC 60076-7:2018 clause 6 / IEEE C57.91-2011 clause 5: hot spot at which thermally upgraded paper ages at the rated rate, in °C. */
export const UPGRADED_PAPER_REFERENCE_HOT_SPOT_C = 110;
/** IEEE C57.91-2011 clause 5 (normal insulation life table): normal insulation life, 180,000 h (about 20.5 years), the basis of % loss of life. */
export const NORMAL_INSULATION_LIFE_H = 180_000;

/** IEC 60076-7:2018 eq. for non-upgraded paper: V = 2^((θh - 98)/6): the rate doubles every 6 K. */
export function normalPaperAgeingRate(hotSpotC: number): number {
  // 2^u as exp(u·ln 2): equal to a few ulps, and cheaper in the loss-of-life loop.
  return Math.exp(LN2_PER_6_K * (hotSpotC - NORMAL_PAPER_REFERENCE_HOT_SPOT_C));
}

/** IEC 60076-7:2018 / IEEE C57.91 Arrhenius form for upgraded paper: V = exp(15000/383 - 15000/(θh + 273)). */
export function upgradedPaperAgeingRate(hotSpotC: number): number {
  return Math.exp(15_000 / (UPGRADED_PAPER_REFERENCE_HOT_SPOT_C + 273) - 15_000 / (hotSpotC + 273));
}

/** The relative ageing rate V (-) of the given paper at a hot spot in °C. */
export function relativeAgeingRate(hotSpotC: number, paper: PaperInsulation): number {
  return paper === 'normal' ? normalPaperAgeingRate(hotSpotC) : upgradedPaperAgeingRate(hotSpotC);
}

/** V per sample, into `outRate` when given (allocation-free). */
export function ageingRates(
  hotSpotC: Float64Array,
  paper: PaperInsulation,
  outRate: Float64Array = new Float64Array(hotSpotC.length),
): Float64Array {
  if (paper === 'normal') for (let i = 0; i < hotSpotC.length; i++) outRate[i] = normalPaperAgeingRate(hotSpotC[i]!);
  else for (let i = 0; i < hotSpotC.length; i++) outRate[i] = upgradedPaperAgeingRate(hotSpotC[i]!);
  return outRate;
}

export interface LossOfLife {
  /** L = Σ V_n·Δt_n in hours (IEC 60076-7:2018 clause 6, loss of life). */
  lossOfLifeH: number;
  /** L in days. */
  lossOfLifeDays: number;
  /** t = Σ Δt_n, the period covered, in hours. */
  elapsedH: number;
  /** IEEE C57.91-2011 clause 5: F_EQA = Σ V_n·Δt_n / Σ Δt_n (-); NaN for an empty period. */
  equivalentAgeingFactor: number;
  /** IEEE C57.91-2011 clause 5: % loss of life = F_EQA·t·100 / 180,000 h. */
  lossOfLifePercent: number;
}

/** Summarises Σ V·Δt (hours) over Σ Δt (hours) into the figures of IEC 60076-7 clause 6 and IEEE C57.91-2011 clause 5. */
export function lossOfLifeFromSums(agedH: number, elapsedH: number): LossOfLife {
  const equivalentAgeingFactor = elapsedH > 0 ? agedH / elapsedH : Number.NaN;
  return {
    lossOfLifeH: agedH,
    lossOfLifeDays: agedH / 24,
    elapsedH,
    equivalentAgeingFactor,
    lossOfLifePercent: (agedH * 100) / NORMAL_INSULATION_LIFE_H,
  };
}

/**
 * Loss of life over samples of hot spot (°C) at times (epoch ms): the rectangle rule, each sample's V over the
 * interval since the previous sample. Throws a RangeError when lengths differ or times go backwards.
 */
export function lossOfLife(timesMs: Float64Array, hotSpotC: Float64Array, paper: PaperInsulation): LossOfLife {
  if (timesMs.length !== hotSpotC.length) throw new RangeError('timesMs and hotSpotC must have the same length');
  let agedH = 0;
  let elapsedH = 0;
  for (let i = 1; i < timesMs.length; i++) {
    const dtH = (timesMs[i]! - timesMs[i - 1]!) / MS_PER_HOUR;
    if (!(dtH >= 0)) throw new RangeError(`timesMs must not go backwards (sample ${i})`);
    agedH += relativeAgeingRate(hotSpotC[i]!, paper) * dtH;
    elapsedH += dtH;
  }
  return lossOfLifeFromSums(agedH, elapsedH);
}
