/**
 * The IEC 60076-7:2018 thermal model (clause 8: top-oil and hot-spot rises with the oil and winding time
 * constants), solved in its exact per-step exponential form (domain-references §2). Within a step the load factor K
 * and the ambient θa are held constant, so each first-order equation has an exact solution over the step: stable
 * at any step length, where the standard's printed Euler difference form asks for steps no longer than half the
 * smallest time constant (about 2 minutes for distribution units, τw = 4 min).
 *
 * Step convention: sample n's K and θa are held over the interval (t[n-1], t[n]] that ends at its timestamp (a
 * meter's reading describes the interval it closes). Alliander's transformer-thermal-model uses the same one.
 */
import type { ThermalParameters } from './thermal-parameters';

const MS_PER_MINUTE = 60_000;

/** How the model starts: the steady state of the first sample's K and θa, or everything at ambient (cold). */
export type ThermalStart = 'steady' | 'cold';

export interface ThermalModelInput {
  /** Sample times in epoch milliseconds, non-decreasing; steps may differ in length. */
  timesMs: Float64Array;
  /** Load factor K per sample (per unit of rated current). */
  loadPu: Float64Array;
  /** Ambient temperature θa per sample in °C. */
  ambientC: Float64Array;
  /**
   * Measured top-oil temperature per sample in °C, optional. A finite value replaces the modelled top oil at that
   * sample (and the model carries on from it); NaN means "not measured here" and the model fills in.
   */
  measuredTopOilC?: Float64Array | undefined;
}

export interface ThermalModelOutput {
  /** Top-oil temperature θo per sample in °C. */
  topOilC: Float64Array;
  /** Winding hot-spot temperature θh per sample in °C. */
  hotSpotC: Float64Array;
}

/** IEC 60076-7:2018 clause 8: ultimate top-oil rise over ambient Δθor·((1 + R·K²)/(1 + R))^x, in kelvin, for a constant K. */
export function ultimateTopOilRiseK(loadPu: number, p: ThermalParameters): number {
  const lossRatio = (1 + p.lossRatioR * loadPu * loadPu) / (1 + p.lossRatioR);
  return (p.topOilRiseK + p.enclosureSurchargeK) * Math.pow(lossRatio, p.oilExponentX);
}

/** IEC 60076-7:2018 clause 8: ultimate hot-spot to top-oil gradient Δθhr·K^y (= H·gr·K^y) in kelvin. */
export function ultimateHotSpotGradientK(loadPu: number, p: ThermalParameters): number {
  return p.hotSpotGradientK * Math.pow(loadPu, p.windingExponentY);
}

/** Steady-state top oil θa + Δθo,ult in °C at a constant K and θa (IEC 60076-7:2018 clause 8). */
export function steadyStateTopOilC(loadPu: number, ambientC: number, p: ThermalParameters): number {
  return ambientC + ultimateTopOilRiseK(loadPu, p);
}

/**
 * Steady-state hot spot in °C: θa + Δθo,ult + Δθhr·K^y. In steady state Δθh1 - Δθh2 = k21·g - (k21 - 1)·g = g, so
 * k21 drops out (IEC 60076-7:2018 clause 8, steady-state equation).
 */
export function steadyStateHotSpotC(loadPu: number, ambientC: number, p: ThermalParameters): number {
  return steadyStateTopOilC(loadPu, ambientC, p) + ultimateHotSpotGradientK(loadPu, p);
}

/**
 * Runs the model over the samples. Writes into `out` when given (allocation-free), else allocates one pair of
 * arrays. Throws a RangeError when the inputs differ in length or the times go backwards. A NaN K or θa gives NaN
 * from that sample on: fill gaps before calling.
 */
export function runThermalModel(
  input: ThermalModelInput,
  p: ThermalParameters,
  start: ThermalStart,
  out?: ThermalModelOutput,
): ThermalModelOutput {
  const { timesMs, loadPu, ambientC, measuredTopOilC } = input;
  const n = timesMs.length;
  if (loadPu.length !== n || ambientC.length !== n || (measuredTopOilC !== undefined && measuredTopOilC.length !== n)) {
    throw new RangeError('timesMs, loadPu, ambientC and measuredTopOilC must have the same length');
  }
  const topOilC = out?.topOilC ?? new Float64Array(n);
  const hotSpotC = out?.hotSpotC ?? new Float64Array(n);
  if (topOilC.length < n || hotSpotC.length < n) throw new RangeError('out arrays are shorter than the input');
  if (n === 0) return { topOilC, hotSpotC };

  const oilTauMin = p.k11 * p.oilTimeConstantMin;
  const windingTauMin = p.k22 * p.windingTimeConstantMin;
  const oilFlowTauMin = p.oilTimeConstantMin / p.k22;
  const { k21, lossRatioR, oilExponentX, windingExponentY, hotSpotGradientK } = p;
  const topOilRiseK = p.topOilRiseK + p.enclosureSurchargeK;

  const k0 = loadPu[0]!;
  const g0 = ultimateHotSpotGradientK(k0, p);
  let theta0 = start === 'steady' ? steadyStateTopOilC(k0, ambientC[0]!, p) : ambientC[0]!;
  let h1 = start === 'steady' ? k21 * g0 : 0;
  let h2 = start === 'steady' ? (k21 - 1) * g0 : 0;
  const measured0 = measuredTopOilC?.[0];
  if (measured0 !== undefined && Number.isFinite(measured0)) theta0 = measured0;
  topOilC[0] = theta0;
  hotSpotC[0] = theta0 + h1 - h2;

  let lastDtMin = Number.NaN;
  let oilDecay = 0;
  let windingDecay = 0;
  let oilFlowDecay = 0;
  for (let i = 1; i < n; i++) {
    const dtMin = (timesMs[i]! - timesMs[i - 1]!) / MS_PER_MINUTE;
    if (!(dtMin >= 0)) throw new RangeError(`timesMs must not go backwards (sample ${i})`);
    if (dtMin !== lastDtMin) {
      // Regular data repeats the step, so the three exponentials are worked out once per distinct step.
      oilDecay = Math.exp(-dtMin / oilTauMin);
      windingDecay = Math.exp(-dtMin / windingTauMin);
      oilFlowDecay = Math.exp(-dtMin / oilFlowTauMin);
      lastDtMin = dtMin;
    }
    const k = loadPu[i]!;
    // IEC 60076-7:2018 clause 8, exact over the step: θo[t] = θo,ult + (θo[t-1] - θo,ult)·exp(-Δt/(k11·τo)).
    // a^b as exp(b·ln a): the same value to a few ulps, and faster than Math.pow in V8's inner loops.
    const topOilUltC = ambientC[i]! + topOilRiseK * Math.exp(oilExponentX * Math.log((1 + lossRatioR * k * k) / (1 + lossRatioR)));
    theta0 = topOilUltC + (theta0 - topOilUltC) * oilDecay;
    if (measuredTopOilC !== undefined) {
      const measured = measuredTopOilC[i]!;
      if (Number.isFinite(measured)) theta0 = measured;
    }
    // Δθh1 towards k21·Δθhr·K^y with k22·τw; Δθh2 towards (k21 - 1)·Δθhr·K^y with τo/k22.
    const gradientK = hotSpotGradientK * Math.exp(windingExponentY * Math.log(k));
    const h1UltK = k21 * gradientK;
    const h2UltK = (k21 - 1) * gradientK;
    h1 = h1UltK + (h1 - h1UltK) * windingDecay;
    h2 = h2UltK + (h2 - h2UltK) * oilFlowDecay;
    topOilC[i] = theta0;
    hotSpotC[i] = theta0 + h1 - h2;
  }
  return { topOilC, hotSpotC };
}
