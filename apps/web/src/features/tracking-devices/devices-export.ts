import type { SheetData } from 'write-excel-file/universal';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { csvField } from '@/lib/csv';
import { loadChunk } from '@/lib/chunk-load';
import { NUMERIC_FIELDS, type DeviceField } from './device-rows';

type Text = (device: TrackedDevice, field: DeviceField) => string;

const numberOf = (device: TrackedDevice, field: DeviceField) =>
  field === 'battery_pct' || field === 'temperature_c' ? device[field] : null;

/** The table's rows and columns as CSV: numbers with a dot and no grouping, the rest as shown; the id beside the name. */
export function devicesCsv(
  rows: readonly TrackedDevice[],
  fields: readonly DeviceField[],
  headers: readonly string[],
  idHeader: string,
  text: Text,
) {
  const lines = [[idHeader, ...headers].map((h) => csvField(h, true)).join(',')];
  for (const d of rows) {
    const cells = fields.map((f) => (NUMERIC_FIELDS.has(f) ? (numberOf(d, f)?.toString() ?? '') : csvField(text(d, f), true)));
    lines.push([csvField(d.device_id, true), ...cells].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The same as a worksheet (numbers as numbers); the writer loads on first use. */
export async function devicesXlsx(
  rows: readonly TrackedDevice[],
  fields: readonly DeviceField[],
  headers: readonly string[],
  idHeader: string,
  text: Text,
  sheetName: string,
): Promise<Blob> {
  const sheet: SheetData = [
    [idHeader, ...headers].map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((d) => [
      { value: d.device_id },
      ...fields.map((f) => {
        if (!NUMERIC_FIELDS.has(f)) return { value: text(d, f) };
        const value = numberOf(d, f);
        return value === null ? null : { value, type: Number };
      }),
    ]),
  ];
  const { default: writeExcelFile } = await loadChunk(() => import('write-excel-file/universal'));
  return writeExcelFile(sheet, { sheet: sheetName }).toBlob();
}
