import { cellText, isNumericColumn, shownNumber, sortValue, type AssetColumn, type DisplayContext } from './asset-columns';
import type { AssetColumns, AssetField, AssetFilter } from './asset-filters';
import { deviceMatchesSearch } from '@/lib/device-issue-search';
import { searchKey } from '@/lib/text-search';

export interface SortOrder {
  field: AssetField;
  direction: 'asc' | 'desc';
}

export interface RowSelection {
  filter: AssetFilter | null;
  /**
   * The header search box: matched, case-insensitive, against the identifying columns, the text columns shown
   * (`searched`) as the table writes them (statuses in the user's language), and the device's issues.
   */
  search: string;
  /** The columns on screen whose text the search looks in, besides the identifying ones. */
  searched?: readonly AssetColumn[];
  /** Per-column filter text: "contains" for text, or a comparison such as ">85", "<=15", "=400" for numbers. */
  columnFilters: Partial<Record<AssetField, string>>;
  sort: SortOrder | null;
}

/** The columns the header search box always looks in, shown or not: what an operator would type to find a transformer. */
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
  if (isNumericColumn(col)) {
    // Only a comparison filters a number column (the box says what it takes); anything else filters nothing.
    const comparison = parseComparison(wanted);
    if (!comparison) return null;
    // Numbers compare as shown: temperatures in the user's unit, at the decimals on screen.
    return (i) => {
      const value = shownNumber(columns, col, i, display.temperatureMetric);
      return value !== null && compare(value, comparison);
    };
  }
  return (i) => cellText(columns, col, i, display).toLocaleLowerCase().includes(wanted);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The characters a number column's filter takes: digits, a decimal mark, a sign and the comparison operators. */
export const NUMBER_FILTER_CHARACTERS = /^[\d\s.,<>=-]*$/;

/** Whether a number column's filter text is one it applies: empty, or a whole comparison. */
export const isNumberFilter = (text: string) => text.trim() === '' || parseComparison(text) !== null;

const searchedColumns = (
  selection: Pick<RowSelection, 'searched'>,
  columnsByField: ReadonlyMap<AssetField, AssetColumn>,
): AssetColumn[] => {
  const byField = new Map<AssetField, AssetColumn>();
  for (const field of SEARCHED_FIELDS) {
    const col = columnsByField.get(field);
    if (col) byField.set(field, col);
  }
  for (const col of selection.searched ?? []) if (col.kind === 'text' || col.kind === 'enum') byField.set(col.field, col);
  return [...byField.values()];
};

/**
 * The rows the search and the column filters leave: what the table narrows the fleet to, and what the summary
 * charts and warnings count. A chart segment or warning filter (`selection.filter`) picks among them after.
 */
export function narrowRows(
  columns: AssetColumns,
  count: number,
  selection: Omit<RowSelection, 'filter' | 'sort'>,
  columnsByField: ReadonlyMap<AssetField, AssetColumn>,
  display: DisplayContext,
): number[] {
  const tests: RowTest[] = [];
  const search = searchKey(selection.search);
  if (search) {
    const searched = searchedColumns(selection, columnsByField);
    // Besides the columns, a device's issues (all of them, not only the most serious that the status shows), as on
    // the analytics and power report screens.
    const names = new Map<string, string>();
    const issueName = (issue: string) => names.get(issue) ?? names.set(issue, display.label('status_category', issue)).get(issue)!;
    tests.push((i) =>
      deviceMatchesSearch(
        columns,
        i,
        search,
        issueName,
        searched.map((col) => ((columns[col.field][i] ?? null) === null ? null : cellText(columns, col, i, display))),
      ),
    );
  }
  for (const [field, text] of Object.entries(selection.columnFilters) as [AssetField, string][]) {
    const col = columnsByField.get(field);
    const test = col ? columnFilterTest(columns, col, text, display) : null;
    if (test) tests.push(test);
  }
  const rows: number[] = [];
  for (let i = 0; i < count; i += 1) if (tests.every((test) => test(i))) rows.push(i);
  return rows;
}

/** The indexes of the rows to show, filtered and sorted; empty values sort last in both directions. */
export function selectRows(
  columns: AssetColumns,
  count: number,
  selection: RowSelection,
  columnsByField: ReadonlyMap<AssetField, AssetColumn>,
  display: DisplayContext,
): number[] {
  return pickRows(columns, narrowRows(columns, count, selection, columnsByField, display), selection, columnsByField);
}

/** Of the narrowed rows, those of the chart segment or warning chosen, in the chosen order. */
export function pickRows(
  columns: AssetColumns,
  narrowed: readonly number[],
  selection: Pick<RowSelection, 'filter' | 'sort'>,
  columnsByField: ReadonlyMap<AssetField, AssetColumn>,
): number[] {
  const { filter } = selection;
  const rows = filter ? narrowed.filter((i) => filter.test(columns, i)) : [...narrowed];
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
