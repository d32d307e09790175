/**
 * Thermal parameters of an oil-immersed transformer for the IEC 60076-7:2018 difference-equation model
 * (domain-references §2). The defaults are the standard's ONAN distribution-transformer values (IEC 60076-7:2018,
 * recommended thermal characteristics, "distribution transformer ONAN"), with H·gr = 23 K so that θh = 98 °C at K = 1 and θa = 20 °C.
 */

export interface ThermalParameters {
  /** Oil exponent x (-), IEC 60076-7 recommended thermal characteristics. */
  oilExponentX: number;
  /** Winding exponent y (-), IEC 60076-7 recommended thermal characteristics. */
  windingExponentY: number;
  /** Thermal constant k11 (-), IEC 60076-7 recommended thermal characteristics. */
  k11: number;
  /** Thermal constant k21 (-), IEC 60076-7 recommended thermal characteristics; with k21 = 1 the oil-flow term Δθh2 stays zero. */
  k21: number;
  /** Thermal constant k22 (-), IEC 60076-7 recommended thermal characteristics. */
  k22: number;
  /** Average oil time constant τo in minutes, IEC 60076-7 recommended thermal characteristics. */
  oilTimeConstantMin: number;
  /** Winding time constant τw in minutes, IEC 60076-7 recommended thermal characteristics. */
  windingTimeConstantMin: number;
  /** Ratio R of load losses at rated current to no-load losses (-). */
  lossRatioR: number;
  /** Hot-spot to top-oil gradient at rated current Δθhr = H·gr in kelvin (IEC 60076-7 clause 8). */
  hotSpotGradientK: number;
  /** Top-oil temperature rise over ambient at rated losses Δθor in kelvin (IEC 60076-7 recommended thermal characteristics). */
  topOilRiseK: number;
  /**
   * Surcharge added to Δθor for a transformer in a kiosk or indoor substation, in kelvin (IEC 60076-7:2018 clause 8,
   * "indoor transformers" / enclosures). 0 by default: Irish distribution units are mostly outdoor pole or ground mounts.
   */
  enclosureSurchargeK: number;
}

/** IEC 60076-7:2018 recommended ONAN distribution-transformer values; H·gr 23 K and Δθor 55 K as domain-references §2 adopts. */
export const ONAN_DISTRIBUTION_DEFAULTS: Readonly<ThermalParameters> = Object.freeze({
  oilExponentX: 0.8,
  windingExponentY: 1.6,
  k11: 1.0,
  k21: 1.0,
  k22: 2.0,
  oilTimeConstantMin: 180,
  windingTimeConstantMin: 4,
  lossRatioR: 5,
  hotSpotGradientK: 23,
  topOilRiseK: 55,
  enclosureSurchargeK: 0,
});

/**
 * The cooling modes the registry records (IEC 60076-7:2018 Table 5 columns a distribution network meets): ONAN, oil
 * natural air natural, the distribution transformer; ONAF, oil natural air forced (fans), a larger unit's.
 */
export const COOLING_MODES = ['ONAN', 'ONAF'] as const;
export type CoolingMode = (typeof COOLING_MODES)[number];
/** The cooling mode a transformer whose cooling is not recorded is modelled with. */
export const DEFAULT_COOLING: CoolingMode = 'ONAN';

/**
 * IEC 60076-7:2018 Table 5 ONAF values (x, y, k11, k21, k22, τo, τw). R, Δθor and H·gr are the unit's design
 * quantities, not in Table 5: R 6, Δθor 52 K and H·gr 26 K so that, as with the ONAN defaults, θh = 98 °C at K = 1 and
 * θa = 20 °C (docs/decisions.md "A transformer's own thermal parameters").
 */
export const ONAF_DEFAULTS: Readonly<ThermalParameters> = Object.freeze({
  oilExponentX: 0.8,
  windingExponentY: 1.3,
  k11: 0.5,
  k21: 2.0,
  k22: 2.0,
  oilTimeConstantMin: 150,
  windingTimeConstantMin: 7,
  lossRatioR: 6,
  hotSpotGradientK: 26,
  topOilRiseK: 52,
  enclosureSurchargeK: 0,
});

const BY_COOLING: Readonly<Record<CoolingMode, Readonly<ThermalParameters>>> = {
  ONAN: ONAN_DISTRIBUTION_DEFAULTS,
  ONAF: ONAF_DEFAULTS,
};

/** Whether a value is a cooling mode the model knows. */
export function isCoolingMode(value: unknown): value is CoolingMode {
  return typeof value === 'string' && (COOLING_MODES as readonly string[]).includes(value);
}

/**
 * The thermal parameters of a transformer from its registry entry: its cooling mode's values, ONAN's when the cooling
 * is not recorded (null or absent); `source` says which, for the answer to name it.
 */
export function thermalParametersFor({ cooling }: { cooling?: CoolingMode | null | undefined }): {
  cooling: CoolingMode;
  source: 'registry' | 'default';
  parameters: ThermalParameters;
} {
  const recorded = cooling ?? null;
  const mode = recorded ?? DEFAULT_COOLING;
  return { cooling: mode, source: recorded === null ? 'default' : 'registry', parameters: { ...BY_COOLING[mode] } };
}

/** The defaults with the given per-transformer overrides (undefined fields keep their default). */
export function thermalParameters(overrides: Partial<ThermalParameters> = {}): ThermalParameters {
  const merged: ThermalParameters = { ...ONAN_DISTRIBUTION_DEFAULTS };
  for (const key of Object.keys(overrides) as (keyof ThermalParameters)[]) {
    const value = overrides[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}
