import type { SheetData } from 'write-excel-file/universal';
import { cellText, isNumericColumn, type AssetColumn, type DisplayContext } from './asset-columns';
import type { AssetColumns } from './asset-filters';
import { temperatureInMetric } from '@gridlens/domain/temperature';

const round2 = (value: number) => Math.round(value * 100) / 100;

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
      const value = columns[col.field][i] as unknown;
      if (value === null || value === undefined) return null;
      if (!isNumericColumn(col)) return cellText(columns, col, i, display);
      const number = col.kind === 'temperature' ? temperatureInMetric(value as number, display.temperatureMetric) : (value as number);
      return col.kind === 'integer'
        ? { value: number, type: Number, format: '0' }
        : { value: round2(number), type: Number, format: '0.00' };
    }),
  );
  return [header, ...body];
}

/** The worksheet as an .xlsx file; the writer is loaded on first use, not with the screen. */
export async function assetsXlsx(sheet: SheetData, widths: readonly number[]): Promise<Blob> {
  const { default: writeExcelFile } = await import('write-excel-file/universal');
  // Column widths in characters, from the table's pixels.
  return writeExcelFile(sheet, { columns: widths.map((px) => ({ width: Math.max(8, Math.round(px / 7)) })), sheet: 'Assets' }).toBlob();
}
