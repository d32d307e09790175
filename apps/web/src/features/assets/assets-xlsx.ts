import type { SheetData } from 'write-excel-file/universal';
import { loadChunk } from '@/lib/chunk-load';
import { cellText, decimalsOf, isNumericColumn, shownNumber, type AssetColumn, type DisplayContext } from './asset-columns';
import type { AssetColumns } from './asset-filters';

/**
 * The rows and columns the table shows as a worksheet: numbers as numbers (temperatures in the user's unit,
 * two decimals as on screen, counts and ratings whole), everything else as the table shows it.
 */
export function assetsSheet(
  columns: AssetColumns,
  rows: readonly number[],
  shown: readonly AssetColumn[],
  headers: readonly string[],
  display: DisplayContext,
): SheetData {
  const header = headers.map((title) => ({ value: title, fontWeight: 'bold' as const }));
  const body = rows.map((i) =>
    shown.map((col) => {
      if (!isNumericColumn(col)) return columns[col.field][i] === null ? null : cellText(columns, col, i, display);
      const value = shownNumber(columns, col, i, display.temperatureMetric);
      return value === null ? null : { value, type: Number, format: decimalsOf(col) === 0 ? '0' : '0.00' };
    }),
  );
  return [header, ...body];
}

/** The worksheet as an .xlsx file named `sheetName` inside; the writer is loaded on first use, not with the screen. */
export async function assetsXlsx(sheet: SheetData, widths: readonly number[], sheetName: string): Promise<Blob> {
  const { default: writeExcelFile } = await loadChunk(() => import('write-excel-file/universal'));
  // Column widths in characters, from the table's pixels.
  return writeExcelFile(sheet, { columns: widths.map((px) => ({ width: Math.max(8, Math.round(px / 7)) })), sheet: sheetName }).toBlob();
}
