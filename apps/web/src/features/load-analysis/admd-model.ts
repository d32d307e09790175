import type { AdmdExtraction, AdmdRow } from '@gridlens/contract/load-analysis';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { csvField } from '@/lib/csv';

/** The ranges the ADMD screen offers besides the default period: long enough to hold a peak worth planning on. */
export const ADMD_RANGES = ['28d', '3m', '6m', '1y'] as const satisfies readonly TimeRange[];

/** The range in the URL, or null (the server's default period) for anything else. */
export const admdRangeOf = (value: string | null): TimeRange | null =>
  value !== null && (ADMD_RANGES as readonly string[]).includes(value) ? (value as TimeRange) : null;

/** The middle ADMD of the transformers that have one (the fleet's typical figure), or null. */
export function medianAdmdKw(rows: readonly AdmdRow[]): number | null {
  const values = rows.flatMap((row) => (row.admd_kw === null ? [] : [row.admd_kw])).sort((a, b) => a - b);
  if (values.length === 0) return null;
  const middle = Math.floor(values.length / 2);
  return values.length % 2 === 1 ? (values[middle] as number) : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
}

interface CsvLabels {
  headers: readonly string[];
  time: (iso: string | null) => string;
  missing: (row: AdmdRow) => string;
}

const fixed = (value: number | null, decimals: number) => (value === null ? '' : value.toFixed(decimals));

/** The table as CSV: numbers with a dot and no grouping (any spreadsheet reads them), texts as the table shows them. */
export function admdCsv(rows: readonly AdmdRow[], labels: CsvLabels): string {
  const lines = [labels.headers.map((h) => csvField(h, true)).join(',')];
  for (const row of rows) {
    lines.push(
      [
        csvField(row.device_id, true),
        csvField(row.transformer_name, true),
        fixed(row.connected_mprns, 0),
        fixed(row.peak_demand_kw, 2),
        fixed(row.admd_kw, 2),
        fixed(row.load_factor, 2),
        csvField(labels.time(row.peak_at), false),
        csvField(labels.missing(row), true),
      ].join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** A sentence of the period text: its key under `loadAnalysis.period` and its values (dates as ISO, for the page to format). */
export interface PeriodSentence {
  key: 'winter' | 'last90Days' | 'requested' | 'covered' | 'noReadings';
  values: { from: string; to: string; days?: number; periodDays?: number };
}

/**
 * What the period text says: the window the figures were taken over. The default "last 90 days" is named by the
 * days that hold readings ("the last days that hold readings (21 of 90)"), and a winter or a requested period that
 * the readings only partly cover says which part they cover. A period without any reading says so with its dates
 * (rather than "(0 of 0)"): every transformer's row then reads "No readings".
 */
export function admdPeriodSentences(answer: Pick<AdmdExtraction, 'from' | 'to' | 'period' | 'data'>): PeriodSentence[] {
  const { data } = answer;
  const bounds = { from: answer.from, to: answer.to };
  if (data === null) return [{ key: 'noReadings', values: bounds }];
  if (answer.period === 'last_90_days') {
    return [{ key: 'last90Days', values: { from: data.from, to: answer.to, days: data.days, periodDays: data.period_days } }];
  }
  const first: PeriodSentence = { key: answer.period === 'winter' ? 'winter' : 'requested', values: bounds };
  if (data.days >= data.period_days) return [first];
  return [first, { key: 'covered', values: { from: data.from, to: data.to, days: data.days, periodDays: data.period_days } }];
}
