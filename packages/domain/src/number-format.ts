/** Spec §9: numbers are shown with 2 decimals. The separators follow the UI language (12.50 in EN, 12,50 in FR). */
export const DISPLAY_DECIMALS = 2;

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
