import { describe, expect, it } from 'vitest';
import type { RolloutSummary } from '@gridlens/contract/rollout';
import {
  burnUpOf,
  planFileType,
  refusedRowsOf,
  searchRows,
  serverProblem,
  sortRows,
  tableCsv,
  validateGroup,
  weekMs,
  weekTickLabel,
  type TableColumn,
} from './rollout-model';

const GROUP = '00000000-0000-4000-8000-000000000001';
const burnUp: RolloutSummary['burn_up'] = {
  weeks: ['2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'],
  current_week: '2026-11-30',
  planned: [2, 5, 9, 12],
  installed: [1, 4, 6, 7],
  groups: [{ group_id: GROUP, name: 'North crew', planned: [1, 2, 3, 4], installed: [0, 1, 1, 1] }],
};

describe('the burn-up', () => {
  it('draws the whole programme, one point a Monday, with the week under way hatched from its Monday', () => {
    const drawn = burnUpOf(burnUp, null);
    expect(drawn?.data).toEqual([burnUp.weeks.map(weekMs), [2, 5, 9, 12], [1, 4, 6, 7]]);
    // The week before: installations of the weeks to come are not drawn.
    const weekBefore = burnUpOf({ ...burnUp, current_week: '2026-11-23' }, null);
    expect(weekBefore?.data[2]).toEqual([1, 4, 6, null]);
    // Only that week is under way; the week after it is still to come, not hatched.
    expect([weekBefore?.partialFromMs, weekBefore?.partialToMs]).toEqual([Date.UTC(2026, 10, 23), Date.UTC(2026, 10, 30)]);
    expect([drawn?.partialFromMs, drawn?.partialToMs]).toEqual([Date.UTC(2026, 10, 30), Date.UTC(2026, 11, 7)]);
    // The last week is drawn to its end.
    expect(drawn?.xRange).toEqual({ fromMs: Date.UTC(2026, 10, 9), toMs: Date.UTC(2026, 11, 7) });
  });

  it('draws one planner group’s lines when it is chosen', () => {
    expect(burnUpOf(burnUp, GROUP)?.data.slice(1)).toEqual([
      [1, 2, 3, 4],
      [0, 1, 1, 1],
    ]);
  });

  it('hatches nothing when the current week is past the plan, and draws nothing without weeks or for an unknown group', () => {
    const past = burnUpOf({ ...burnUp, current_week: '2027-01-04' }, null);
    expect([past?.partialFromMs, past?.partialToMs]).toEqual([null, null]);
    expect(burnUpOf({ ...burnUp, weeks: [], planned: [], installed: [], groups: [] }, null)).toBeNull();
    expect(burnUpOf(burnUp, '00000000-0000-4000-8000-000000000009')).toBeNull();
  });
});

interface Row {
  id: string;
  name: string | null;
  count: number | null;
}
const columns: TableColumn<Row>[] = [
  { id: 'id', text: (row) => row.id },
  { id: 'name', text: (row) => row.name },
  { id: 'count', text: (row) => (row.count === null ? null : String(row.count)), value: (row) => row.count },
];
const rows: Row[] = [
  { id: 'S-10', name: 'Ballymun', count: 10 },
  { id: 'S-2', name: null, count: 2 },
  { id: 'S-1', name: 'Éadan Doire', count: null },
];

describe('the burn-up’s axis', () => {
  it('labels the Mondays only', () => {
    const label = (ms: number) => new Date(ms).toISOString().slice(5, 10);
    expect(weekTickLabel(Date.UTC(2026, 10, 30), label)).toBe('11-30');
    expect(weekTickLabel(Date.UTC(2026, 11, 1), label)).toBe('');
    expect(weekTickLabel(Date.UTC(2026, 10, 30, 12), label)).toBe('');
    // Midnight in Dublin's summer time or in Warsaw is the Monday's tick too.
    expect(weekTickLabel(Date.UTC(2026, 10, 29, 23), label)).toBe('11-30');
    expect(weekTickLabel(Date.UTC(2026, 10, 30, 1), label)).toBe('11-30');
    expect(weekTickLabel(Date.UTC(2026, 10, 29, 12), label)).toBe('');
  });
});

describe('the tables', () => {
  it('search the texts the table shows, whatever the case', () => {
    expect(searchRows(rows, columns, 'ballym').map((row) => row.id)).toEqual(['S-10']);
    expect(searchRows(rows, columns, 'éadan').map((row) => row.id)).toEqual(['S-1']);
    expect(searchRows(rows, columns, '')).toHaveLength(3);
  });

  it('sort numbers as numbers and ids naturally, empty cells last either way', () => {
    const count = columns[2];
    expect(sortRows(rows, count, 'asc', 'en').map((row) => row.id)).toEqual(['S-2', 'S-10', 'S-1']);
    expect(sortRows(rows, count, 'desc', 'en').map((row) => row.id)).toEqual(['S-10', 'S-2', 'S-1']);
    expect(sortRows(rows, columns[0], 'asc', 'en').map((row) => row.id)).toEqual(['S-1', 'S-2', 'S-10']);
    expect(sortRows(rows, columns[1], 'desc', 'en').map((row) => row.id)).toEqual(['S-1', 'S-10', 'S-2']);
  });

  it('export the shown rows as CSV: numbers bare, texts quoted where needed and never run as a formula', () => {
    const csv = tableCsv([{ id: '=SUM(A1)', name: 'Cork, south', count: 3 }, rows[2] as Row], columns, ['Site', 'Name', 'Visits']);
    expect(csv).toBe('Site,Name,Visits\r\n\'=SUM(A1),"Cork, south",3\r\nS-1,Éadan Doire,\r\n');
  });
});

describe('the planner group dialog', () => {
  const form = { name: ' North crew ', region: '', contact: ' 087 123 4567 ', weekly_target: '12' };

  it('sends the trimmed values, empty ones as null', () => {
    expect(validateGroup(form, 60, 10_000)).toEqual({
      body: { name: 'North crew', region: null, contact: '087 123 4567', weekly_target: 12 },
      problems: {},
    });
  });

  it('refuses what the server refuses, each on its field', () => {
    const { body, problems } = validateGroup({ ...form, name: ' ', weekly_target: '2.5' }, 60, 10_000);
    expect(body).toBeNull();
    expect(problems).toEqual({ name: { key: 'validation.required' }, weekly_target: { key: 'validation.wholeNumber' } });
    expect(validateGroup({ ...form, weekly_target: '-1' }, 60, 10_000).problems.weekly_target).toEqual({
      key: 'validation.atLeast',
      values: { value: 0 },
    });
    expect(validateGroup({ ...form, weekly_target: '10001' }, 60, 10_000).problems.weekly_target?.key).toBe('validation.atMost');
    expect(validateGroup({ ...form, name: 'x'.repeat(61) }, 60, 10_000).problems.name).toEqual({
      key: 'rollout.groupDialog.tooLong',
      values: { max: 60 },
    });
  });

  it('words the server’s refusals in the user’s language', () => {
    expect(serverProblem('This field is required')).toEqual({ key: 'validation.required' });
    expect(serverProblem('Value should be at most 10000')).toEqual({ key: 'validation.atMost', values: { value: 10000 } });
    expect(serverProblem('Value should be at least 0')).toEqual({ key: 'validation.atLeast', values: { value: 0 } });
    expect(serverProblem('Name is too long (maximum is 60 characters)')).toEqual({
      key: 'rollout.groupDialog.tooLong',
      values: { max: 60 },
    });
    expect(serverProblem('Value should be between -90 and 90')).toEqual({
      key: 'rollout.groupDialog.between',
      values: { min: -90, max: 90 },
    });
    expect(serverProblem('Unknown planner group “West”')).toEqual({ key: 'validation.invalid' });
  });
});

describe('the import', () => {
  it('sends a file with the type its name says, whatever the browser called it', () => {
    expect(planFileType('plan.CSV', 'application/vnd.ms-excel')).toBe('text/csv');
    expect(planFileType('plan.csv', '')).toBe('text/csv');
    expect(planFileType('plan.xlsx', '')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(planFileType('plan.txt', 'text/plain')).toBe('text/plain');
  });

  it('reads the refused rows of an ImportRefused answer, and nothing from another answer', () => {
    const refused = [{ row: 3, column: 'weekly_target', message: 'Value should be at least 0' }];
    expect(refusedRowsOf({ error: 'bad_request', message: 'Refused', refused })).toEqual(refused);
    expect(refusedRowsOf({ error: 'bad_request', message: 'Refused', details: [] })).toBeNull();
    expect(refusedRowsOf(null)).toBeNull();
  });
});
