import { cellText, decimalsOf, isNumericColumn, shownNumber, type AssetColumn, type DisplayContext } from './asset-columns';
import type { AssetColumns } from './asset-filters';
import { csvField } from '@/lib/csv';

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
