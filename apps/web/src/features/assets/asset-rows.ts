import { cellText, isNumericColumn, shownNumber, sortValue, type AssetColumn, type DisplayContext } from './asset-columns';
import type { AssetColumns, AssetField, AssetFilter } from './asset-filters';

export interface SortOrder {
  field: AssetField;
  direction: 'asc' | 'desc';
}

export interface RowSelection {
  filter: AssetFilter | null;
  /** The header search box: matched, case-insensitive, against the identifying text columns. */
  search: string;
  /** Per-column filter text: "contains" for text, or a comparison such as ">85", "<=15", "=400" for numbers. */
  columnFilters: Partial<Record<AssetField, string>>;
  sort: SortOrder | null;
}

/** The columns the header search box looks in: what an operator would type to find a transformer. */
export const SEARCHED_FIELDS: readonly AssetField[] = ['device_id', 'transformer_name', 'transformer_number', 'asset_id', 'monitor_type'];

type Comparison = { operator: '<' | '<=' | '>' | '>=' | '='; value: number };

/** ">85", "<= 15", "=400" or a bare number (equality); anything else is not a comparison. */
export function parseComparison(text: string): Comparison | null {
  const match = /^\s*(<=|>=|<|>|=)?\s*(-?\d+(?:[.,]\d+)?)\s*$/.exec(text);
  if (!match) return null;
  return { operator: (match[1] ?? '=') as Comparison['operator'], value: Number((match[2] as string).replace(',', '.')) };
}

function compare(value: number, { operator, value: bound }: Comparison): boolean {
  switch (operator) {
    case '<':
      return value < bound;
    case '<=':
      return value <= bound;
    case '>':
      return value > bound;
    case '>=':
      return value >= bound;
    case '=':
      return Math.abs(value - bound) < 0.005; // the table shows two decimals
  }
}

type RowTest = (index: number) => boolean;

function columnFilterTest(columns: AssetColumns, col: AssetColumn, text: string, display: DisplayContext): RowTest | null {
  const wanted = text.trim().toLocaleLowerCase();
  if (wanted === '') return null;
  const comparison = isNumericColumn(col) ? parseComparison(wanted) : null;
  if (comparison) {
    // Numbers compare as shown: temperatures in the user's unit, at the decimals on screen.
    return (i) => {
      const value = shownNumber(columns, col, i, display.temperatureMetric);
      return value !== null && compare(value, comparison);
    };
  }
  return (i) => cellText(columns, col, i, display).toLocaleLowerCase().includes(wanted);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The indexes of the rows to show, filtered and sorted; empty values sort last in both directions. */
export function selectRows(
  columns: AssetColumns,
  count: number,
  selection: RowSelection,
  columnsByField: ReadonlyMap<AssetField, AssetColumn>,
  display: DisplayContext,
): number[] {
  const tests: RowTest[] = [];
  if (selection.filter) {
    const { test } = selection.filter;
    tests.push((i) => test(columns, i));
  }
  const search = selection.search.trim().toLocaleLowerCase();
  if (search) {
    const searched = SEARCHED_FIELDS.map((field) => columns[field] as unknown[]);
    tests.push((i) => searched.some((values) => ((values[i] as string | null) ?? '').toLocaleLowerCase().includes(search)));
  }
  for (const [field, text] of Object.entries(selection.columnFilters) as [AssetField, string][]) {
    const col = columnsByField.get(field);
    const test = col ? columnFilterTest(columns, col, text, display) : null;
    if (test) tests.push(test);
  }
  const rows: number[] = [];
  for (let i = 0; i < count; i += 1) if (tests.every((test) => test(i))) rows.push(i);

  const sortColumn = selection.sort ? columnsByField.get(selection.sort.field) : undefined;
  if (selection.sort && sortColumn) {
    const sign = selection.sort.direction === 'asc' ? 1 : -1;
    const keys = new Map(rows.map((i) => [i, sortValue(columns, sortColumn, i)]));
    rows.sort((a, b) => {
      const x = keys.get(a) ?? null;
      const y = keys.get(b) ?? null;
      if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      return order === 0 ? a - b : sign * order;
    });
  }
  return rows;
}
