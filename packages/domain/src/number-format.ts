/** Spec §9: numbers are shown with 2 decimals. The separators follow the UI language (12.50 in EN, 12,50 in FR). */
export const DISPLAY_DECIMALS = 2;

const DISPLAY_SCALE = 10 ** DISPLAY_DECIMALS;

/**
 * A derived figure (kVA, %, a mean, a difference) at the precision an answer carries it: two decimals, as the
 * screens show it. Arithmetic on readings leaves float noise (27.300999999999995); an answer never carries it.
 * Measured values go out as stored (reading-encoding: tenths for temperatures and battery, the device's own
 * digits for currents), so only what was computed is rounded. Decision in docs/decisions.md.
 */
export const atAnswerPrecision = (value: number): number => Math.round(value * DISPLAY_SCALE) / DISPLAY_SCALE;
/** atAnswerPrecision, keeping null (no figure) as null. */
export const atAnswerPrecisionOrNull = (value: number | null): number | null => (value === null ? null : atAnswerPrecision(value));

/** One formatter per language and precision: making an Intl.NumberFormat costs far more than using one. */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, languageTag: string, decimals: number = DISPLAY_DECIMALS): string {
  if (!Number.isFinite(value)) return '–';
  const key = `${languageTag}/${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(languageTag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/**
 * A figure for a file another program reads back (a CSV cell): the language's decimal separator and no grouping,
 * since spreadsheet programs take "1 234,50" (grouped with a narrow space) for text.
 */
export function formatPlainNumber(value: number, languageTag: string, decimals: number = DISPLAY_DECIMALS): string {
  if (!Number.isFinite(value)) return '';
  const key = `plain/${languageTag}/${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(languageTag, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** The language's decimal separator: "." in English and Irish, "," in French, Spanish and Polish. */
export function decimalSeparator(languageTag: string): string {
  return new Intl.NumberFormat(languageTag).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

type DurationUnit = 'hour' | 'minute' | 'second' | 'millisecond';
const unitFormatters = new Map<string, Intl.NumberFormat>();
const listFormatters = new Map<string, Intl.ListFormat>();
function unitFormat(value: number, unit: DurationUnit, languageTag: string, decimals = 0): string {
  const key = `${languageTag}/${unit}/${decimals}`;
  let formatter = unitFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(languageTag, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: decimals });
    unitFormatters.set(key, formatter);
  }
  return formatter.format(value);
}

/**
 * A duration (fault and event lengths) in its two largest units, in the language's own unit words:
 * "2 hr, 5 min", "3 min, 20 sec", "4.5 sec", "850 ms" in English.
 */
export function formatDuration(ms: number, languageTag: string): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return unitFormat(Math.round(ms), 'millisecond', languageTag);
  if (ms < 60_000) return unitFormat(Math.floor(ms / 100) / 10, 'second', languageTag, 1);
  const totalSeconds = Math.floor(ms / 1000);
  const [large, small, largeUnit, smallUnit]: [number, number, DurationUnit, DurationUnit] =
    totalSeconds < 3600
      ? [Math.floor(totalSeconds / 60), totalSeconds % 60, 'minute', 'second']
      : [Math.floor(totalSeconds / 3600), Math.floor((totalSeconds % 3600) / 60), 'hour', 'minute'];
  const parts = [unitFormat(large, largeUnit, languageTag)];
  if (small > 0) parts.push(unitFormat(small, smallUnit, languageTag));
  let list = listFormatters.get(languageTag);
  if (!list) {
    list = new Intl.ListFormat(languageTag, { style: 'narrow', type: 'unit' });
    listFormatters.set(languageTag, list);
  }
  return list.format(parts);
}
