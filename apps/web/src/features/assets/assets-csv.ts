import { cellText, decimalsOf, isNumericColumn, shownNumber, type AssetColumn, type DisplayContext } from './asset-columns';
import type { AssetColumns } from './asset-filters';

/**
 * One CSV field: quoted when it holds a separator, quote or line break; text that a spreadsheet would run
 * as a formula (= + - @ at the start) is prefixed with an apostrophe (CSV injection).
 */
export function csvField(text: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The rows and columns the table shows, as CSV text: a header of the column titles, then one line per row.
 * Numbers are written with a dot and no grouping, whatever the screen's language, so that any spreadsheet
 * reads them as numbers; everything else as the table shows it.
 */
export function assetsCsv(
  columns: AssetColumns,
  rows: readonly number[],
  shown: readonly AssetColumn[],
  headers: readonly string[],
  display: DisplayContext,
): string {
  const csvDisplay: DisplayContext = { ...display, noData: '' };
  const cell = (col: AssetColumn, i: number) => {
    if (!isNumericColumn(col)) return csvField(cellText(columns, col, i, csvDisplay), true);
    return shownNumber(columns, col, i, display.temperatureMetric)?.toFixed(decimalsOf(col)) ?? '';
  };
  const lines = [headers.map((h) => csvField(h, true)).join(',')];
  for (const i of rows) lines.push(shown.map((col) => cell(col, i)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves a file through the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** CSV text as a file; the byte-order mark makes spreadsheet programs read it as UTF-8 (names such as "Seán"). */
export const csvBlob = (text: string) => new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
