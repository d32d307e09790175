import ExcelJS from 'exceljs';
import type { ReportColumn, ReportSheet, ReportTables } from '@gridlens/contract/report-tables';
import { formatDate, formatDateTime, formatDay, wallClockMs } from '@gridlens/domain/date-format';
import { languageTag, type Language } from '@gridlens/domain/language';
import { decimalSeparator, formatPlainNumber } from '@gridlens/domain/number-format';
import { isAmericanTimeZone } from '@gridlens/domain/time-zone';

/** For whom a spreadsheet is written: the recipient's language (separators) and the report's zone (dates). */
export interface SpreadsheetLocale {
  language: Language;
  timeZone: string;
}

export interface SpreadsheetFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | null | undefined;

/** A cell's value as a number, or null when it holds none (empty, or text that is no figure). */
function numberOf(value: Cell): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** An instant's epoch milliseconds: from a number, or an ISO 8601 string with its offset. */
function instantOf(value: Cell): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A text cell that starts like a formula is written with a leading apostrophe: a device or customer name such as
 * "=HYPERLINK(…)" must not become a live formula in the recipient's spreadsheet program (OWASP, CSV injection).
 */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One cell as CSV text, in the recipient's separators and the report zone's date order. */
function csvText(column: ReportColumn, value: Cell, locale: SpreadsheetLocale): string {
  if (value === null || value === undefined) return '';
  const tag = languageTag(locale.language);
  switch (column.kind) {
    case 'text':
      return defused(String(value));
    case 'number':
    case 'percent':
    case 'duration_hours': {
      const n = numberOf(value);
      return n === null ? defused(String(value)) : formatPlainNumber(n, tag);
    }
    case 'date': {
      if (typeof value === 'string' && ISO_DAY.test(value)) return formatDay(value, locale.timeZone);
      const ms = instantOf(value);
      return ms === null ? defused(String(value)) : formatDate(ms, locale.timeZone);
    }
    case 'datetime': {
      const ms = instantOf(value);
      return ms === null ? defused(String(value)) : formatDateTime(ms, locale.timeZone);
    }
  }
}

/** The column's heading, with the unit a bare figure lacks in a CSV file. */
function csvHeading(column: ReportColumn): string {
  if (column.kind === 'percent') return `${column.label} (%)`;
  if (column.kind === 'duration_hours') return `${column.label} (h)`;
  return column.label;
}

/** RFC 4180: a field holding the separator, a quote or a line break goes in quotes, its quotes doubled. */
export function csvField(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The separator a spreadsheet program of that language expects: ";" where the comma is the decimal separator
 * (French, Spanish, Polish), "," elsewhere.
 */
export const csvSeparator = (language: Language) => (decimalSeparator(languageTag(language)) === ',' ? ';' : ',');

/** A name safe in a file name: the characters that file systems or mail programs refuse become "-". */
export const fileNamePart = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** One sheet as CSV: a byte-order mark (so that Excel reads UTF-8), a heading row, one row per record, CRLF lines. */
export function sheetCsv(sheet: ReportSheet, locale: SpreadsheetLocale): string {
  const separator = csvSeparator(locale.language);
  const line = (fields: string[]) => fields.map((field) => csvField(field, separator)).join(separator);
  const lines = [line(sheet.columns.map(csvHeading))];
  for (const row of sheet.rows) lines.push(line(sheet.columns.map((column) => csvText(column, row[column.key], locale))));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The report as CSV: one file per sheet (decision in docs/decisions.md), named after the report and the sheet. */
export function reportCsvFiles(tables: ReportTables, locale: SpreadsheetLocale): SpreadsheetFile[] {
  const title = fileNamePart(tables.title);
  return tables.sheets.map((sheet) => ({
    filename: `${title} - ${fileNamePart(sheet.name)}.csv`,
    contentType: CSV_CONTENT_TYPE,
    content: Buffer.from(sheetCsv(sheet, locale), 'utf8'),
  }));
}

/** Excel's number format of each kind; Excel shows it in the reader's own separators. */
function excelFormat(column: ReportColumn, timeZone: string): string | undefined {
  const day = isAmericanTimeZone(timeZone) ? 'mm/dd/yyyy' : 'dd/mm/yyyy';
  switch (column.kind) {
    case 'text':
      return undefined;
    case 'number':
      return '#,##0.00';
    case 'percent':
      return '0.00%';
    case 'duration_hours':
      return '#,##0.00" h"';
    case 'date':
      return day;
    case 'datetime':
      return `${day} hh:mm`;
  }
}

/** A cell's value as Excel holds it: figures as numbers (percent as a fraction), dates as dates on the zone's wall clock. */
function excelValue(column: ReportColumn, value: Cell, timeZone: string): string | number | Date | null {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'text':
      return String(value);
    case 'number':
    case 'duration_hours':
      return numberOf(value) ?? String(value);
    case 'percent': {
      const n = numberOf(value);
      return n === null ? String(value) : n / 100;
    }
    case 'date': {
      const day = typeof value === 'string' ? ISO_DAY.exec(value) : null;
      if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
      const ms = instantOf(value);
      if (ms === null) return String(value);
      const wall = wallClockMs(ms, timeZone);
      return new Date(wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000));
    }
    case 'datetime': {
      const ms = instantOf(value);
      return ms === null ? String(value) : new Date(wallClockMs(ms, timeZone));
    }
  }
}

/** Excel refuses sheet names over 31 characters, with []:*?/\, or the same as another (case aside). */
function worksheetNames(sheets: readonly ReportSheet[]): string[] {
  const taken = new Set<string>();
  return sheets.map((sheet, i) => {
    const base =
      sheet.name
        .replace(/[[\]:*?/\\]/g, '-')
        .trim()
        .slice(0, 31) || `Sheet ${i + 1}`;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    taken.add(name.toLowerCase());
    return name;
  });
}

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/**
 * The report as one XLSX workbook: one worksheet per sheet, the heading row bold and frozen, each column in its
 * kind's number format and wide enough for what it holds.
 */
export async function reportXlsx(tables: ReportTables, locale: SpreadsheetLocale): Promise<SpreadsheetFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Gridlens';
  workbook.title = tables.title;
  const names = worksheetNames(tables.sheets);
  tables.sheets.forEach((sheet, i) => {
    const worksheet = workbook.addWorksheet(names[i], { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => {
      const longest = sheet.rows.reduce(
        (width, row) => Math.max(width, csvText(column, row[column.key], locale).length),
        column.label.length,
      );
      const numFmt = excelFormat(column, locale.timeZone);
      return {
        header: column.label,
        key: column.key,
        width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2)),
        style: numFmt ? { numFmt } : {},
      };
    });
    worksheet.getRow(1).font = { bold: true };
    for (const row of sheet.rows) {
      worksheet.addRow(
        Object.fromEntries(sheet.columns.map((column) => [column.key, excelValue(column, row[column.key], locale.timeZone)])),
      );
    }
  });
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: `${fileNamePart(tables.title)}.xlsx`, contentType: XLSX_CONTENT_TYPE, content };
}
