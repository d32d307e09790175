import { z } from 'zod';

/** A cell of a report's key table: a plain value, figures unrounded. */
export type TableCell = string | number | null;

/**
 * One section of a report as its data side gives it, before a delivery names it in a language: the sheet's key,
 * the columns' stable keys, and rows of plain values in the columns' order. The keys are typed, so that the code
 * naming them (the report delivery) is told by the compiler of a sheet or column it has no name for.
 */
export interface ReportTable<Sheet extends string = string, Column extends string = string> {
  readonly sheet: Sheet;
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly TableCell[])[];
}

/** A key table, its sheet and column keys kept as literal types. */
export const reportTable = <const Sheet extends string, const Column extends string>(
  sheet: Sheet,
  columns: readonly Column[],
  rows: TableCell[][],
): ReportTable<Sheet, Column> => ({ sheet, columns, rows });

/**
 * How a column's values are written and read:
 * - `text`: as given;
 * - `number`: a plain figure, two decimals on paper;
 * - `percent`: a figure in percent, 0–100 (72.5 is 72.5 %), as the report screens show it;
 * - `date`: a calendar day, `YYYY-MM-DD` (not moved between zones);
 * - `datetime`: an instant, epoch milliseconds or an ISO 8601 string with its offset, shown in the report's zone;
 * - `duration_hours`: a length of time in hours (cycle and dwell times).
 */
export const REPORT_COLUMN_KINDS = ['text', 'number', 'percent', 'date', 'datetime', 'duration_hours'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const ReportColumnSchema = z.object({
  key: z.string().min(1),
  label: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportSheetSchema = z.object({
  name: z.string().min(1),
  columns: z.array(ReportColumnSchema),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type ReportSheet = z.infer<typeof ReportSheetSchema>;

/**
 * A report as tables: what a report's data side produces for the spreadsheets (CSV and XLSX) that go out beside
 * its PDF. Labels and texts arrive already in the report's language; numbers and dates arrive as values, and the
 * spreadsheet writer formats them for the recipient.
 */
export const ReportTablesSchema = z.object({
  title: z.string().min(1),
  sheets: z.array(ReportSheetSchema),
});
export type ReportTables = z.infer<typeof ReportTablesSchema>;
