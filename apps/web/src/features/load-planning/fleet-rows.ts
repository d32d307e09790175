import type { FleetAnalysisRow } from '@gridlens/contract/load-planning';
import { defaultLoadModelConstants } from '@gridlens/domain/load-models/model-parameters';
import { csvField } from '@/lib/csv';

/** The horizon of the forecast (spec §9: EV sales forecast to 2030), as the engines take it. */
const FORECAST_LAST_YEAR = defaultLoadModelConstants.horizonYear;

/**
 * The fleet rows by one column, nulls last whichever the direction ("none by 2030" and "no practical limit" are not
 * small numbers), ties in the server's order (most urgent first).
 */
export function sortFleetRows(
  rows: readonly FleetAnalysisRow[],
  field: keyof FleetAnalysisRow,
  direction: 'asc' | 'desc',
): FleetAnalysisRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = a.row[field];
      const y = b.row[field];
      if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1;
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}

/** How many transformers are over capacity by each year from the base year to 2030 (a transformer stays over). */
export function overCapacityByYear(rows: readonly FleetAnalysisRow[], baseYear: number): { year: number; count: number }[] {
  const years = Array.from({ length: Math.max(0, FORECAST_LAST_YEAR - baseYear + 1) }, (_, i) => baseYear + i);
  return years.map((year) => ({
    year,
    count: rows.filter((r) => r.first_year_over_capacity !== null && r.first_year_over_capacity <= year).length,
  }));
}

/** The rows as CSV under the table's titles: numbers as numbers (a dot, no grouping), empty where there is none. */
export function fleetCsv(rows: readonly FleetAnalysisRow[], columns: readonly { id: keyof FleetAnalysisRow; title: string }[]): string {
  const lines = [columns.map((c) => csvField(c.title, true)).join(',')];
  for (const row of rows) {
    lines.push(
      columns
        .map((c) => {
          const value = row[c.id];
          return value === null ? '' : typeof value === 'string' ? csvField(value, true) : String(value);
        })
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
