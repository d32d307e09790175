/**
 * Uptake per year to the horizon (domain-references §4 and §5): a share growing linearly from today's, capped at 1.
 * The base year is a parameter (the domain reads no clock): the caller passes the year of the data.
 */

/** The years from `baseYear` to `horizonYear`, both included (just the base year when it is past the horizon). */
export function forecastYears(baseYear: number, horizonYear: number): Int32Array {
  if (!Number.isInteger(baseYear) || !Number.isInteger(horizonYear)) throw new RangeError('years must be whole numbers');
  const count = Math.max(1, horizonYear - baseYear + 1);
  const years = new Int32Array(count);
  for (let i = 0; i < count; i++) years[i] = baseYear + i;
  return years;
}

/** p(y) = min(1, p₀ + (y − y₀) · growth), shares as fractions; never below 0. */
export function linearShare(currentShare: number, growthPerYear: number, yearsAfterBase: number): number {
  return Math.min(1, Math.max(0, currentShare + yearsAfterBase * growthPerYear));
}

/**
 * Domain-references §4: the EV share grows each year by (% of households buying a new car) × (EV share of sales).
 * Inputs in percent, result a fraction per forecast year.
 */
export function evShareByYear(
  currentEvSharePercent: number,
  newCarBuyersPercentPerYear: number,
  evShareOfSalesPercent: number,
  years: Int32Array,
): Float64Array {
  const growth = (newCarBuyersPercentPerYear / 100) * (evShareOfSalesPercent / 100);
  return sharesByYear(currentEvSharePercent / 100, growth, years);
}

/** Domain-references §5: the heat-pump share grows by the % of homes installing one each year. */
export function heatPumpShareByYear(
  currentHeatPumpSharePercent: number,
  installingPercentPerYear: number,
  years: Int32Array,
): Float64Array {
  return sharesByYear(currentHeatPumpSharePercent / 100, installingPercentPerYear / 100, years);
}

function sharesByYear(currentShare: number, growthPerYear: number, years: Int32Array): Float64Array {
  const shares = new Float64Array(years.length);
  const baseYear = years[0] ?? 0;
  for (let i = 0; i < years.length; i++) shares[i] = linearShare(currentShare, growthPerYear, (years[i] as number) - baseYear);
  return shares;
}
