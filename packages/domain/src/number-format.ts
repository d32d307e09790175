/** Spec §9: numbers are shown with 2 decimals. The separators follow the UI language (12.50 in EN, 12,50 in FR). */
export const DISPLAY_DECIMALS = 2;

export function formatNumber(value: number, languageTag: string, decimals: number = DISPLAY_DECIMALS): string {
  if (!Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(languageTag, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
