import type { RefusedRow, RolloutSummary } from '@gridlens/contract/rollout';
import type { PlanState, SiteState } from '@gridlens/domain/rollout/plan';
import type { DeviceStatus } from '@gridlens/domain/power/enumerations';
import type { FieldProblem } from '@/lib/field-problem';
import { csvField } from '@/lib/csv';
import { textsMatch } from '@/lib/text-search';
import type { SegmentTone } from '@/lib/ui/summary-donut';

/** Pure parts of the rollout dashboard: the burn-up's lines, the tables' search, sort and export, the tones. */

const WEEK_MS = 7 * 86_400_000;

/** A Monday (YYYY-MM-DD) as the ms of its midnight UTC: the chart's x, one point a week. */
export const weekMs = (monday: string): number => Date.parse(`${monday}T00:00:00Z`);

export interface BurnUp {
  /** [x (ms), planned, installed]: cumulative, one point per week; installed stops at the week under way. */
  data: [number[], number[], (number | null)[]];
  xRange: { fromMs: number; toMs: number };
  /** The current week's Monday (ms) when it is on the chart: from there to `partialToMs` the week is under way. */
  partialFromMs: number | null;
  /** The next Monday (ms): the weeks after the current one are still to come, not under way. */
  partialToMs: number | null;
}

/** The burn-up of the whole programme (`groupId` null) or of one planner group; null when there is no week to draw. */
export function burnUpOf(burnUp: RolloutSummary['burn_up'], groupId: string | null): BurnUp | null {
  const series = groupId === null ? burnUp : burnUp.groups.find((group) => group.group_id === groupId);
  if (!series || burnUp.weeks.length === 0) return null;
  const xs = burnUp.weeks.map(weekMs);
  const fromMs = xs[0] ?? 0;
  // The last week is drawn to its end, so that a single week still has a width.
  const toMs = (xs.at(-1) ?? fromMs) + WEEK_MS;
  const current = weekMs(burnUp.current_week);
  return {
    // Weeks to come have no installations yet: their line is not drawn, rather than drawn flat.
    data: [xs, [...series.planned], series.installed.map((value, i) => ((xs[i] ?? 0) > current ? null : value))],
    xRange: { fromMs, toMs },
    partialFromMs: current >= fromMs && current < toMs ? current : null,
    partialToMs: current >= fromMs && current < toMs ? current + WEEK_MS : null,
  };
}

/**
 * An axis tick's label: the date of a Monday (the weeks' points), nothing between them. The chart puts its day ticks
 * at the browser's midnight, a few hours off the Mondays' midnight UTC east or west of Greenwich: such a tick is the
 * Monday's.
 */
export function weekTickLabel(ms: number, formatDay: (ms: number) => string): string {
  const day = Math.round(ms / 86_400_000) * 86_400_000;
  return Math.abs(ms - day) <= 3 * 3_600_000 && new Date(day).getUTCDay() === 1 ? formatDay(day) : '';
}

/** Ahead and on plan read as fine, behind as a warning: the planner-group table's colour beside its words. */
export const PLAN_TONES: Readonly<Record<PlanState, 'success' | 'info' | 'error'>> = { ahead: 'success', on_plan: 'info', behind: 'error' };

export const SITE_STATE_TONES: Readonly<Record<SiteState, SegmentTone>> = { planned: 'info', installed: 'success', aborted: 'error' };

export const DEVICE_STATUS_TONES: Readonly<Record<DeviceStatus, SegmentTone>> = {
  Active: 'success',
  Installed: 'info',
  Inactive: 'error',
  Registered: 'neutral',
  Provisioned: 'neutral',
  Unknown: 'warning',
  'Not Installed': 'warning',
};

/** A share (0 to 1) as the user's language writes a percentage; '–' when there is none. */
export function percentText(share: number | null, languageTag: string): string {
  if (share === null) return '–';
  return new Intl.NumberFormat(languageTag, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** One column of a rollout table: its text is what the search reads and the export writes. */
export interface TableColumn<Row> {
  id: string;
  /** The text of a cell as the screen shows it (null: empty). */
  text: (row: Row) => string | null;
  /** A number sorts and exports as a number. */
  value?: (row: Row) => number | null;
}

/** The rows whose shown texts contain the header search (a `searchKey`). */
export function searchRows<Row>(rows: readonly Row[], columns: readonly TableColumn<Row>[], search: string): Row[] {
  if (search === '') return [...rows];
  return rows.filter((row) =>
    textsMatch(
      columns.map((col) => col.text(row)),
      search,
    ),
  );
}

/** Rows sorted by a column: numbers as numbers, texts in the user's language; empty cells last either way. */
export function sortRows<Row>(
  rows: readonly Row[],
  column: TableColumn<Row> | undefined,
  direction: 'asc' | 'desc',
  languageTag: string,
): Row[] {
  if (!column) return [...rows];
  const collator = new Intl.Collator(languageTag, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = column.value ? column.value(a) : column.text(a);
    const y = column.value ? column.value(b) : column.text(b);
    if (x === null || x === '') return y === null || y === '' ? 0 : 1;
    if (y === null || y === '') return -1;
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)));
  });
}

/** The shown rows and columns as CSV text (header first), fields quoted and guarded as every export of the app. */
export function tableCsv<Row>(rows: readonly Row[], columns: readonly TableColumn<Row>[], headers: readonly string[]): string {
  const lines = [headers.map((title) => csvField(title, true)).join(',')];
  for (const row of rows)
    lines.push(
      columns
        .map((col) => {
          const value = col.value?.(row);
          if (value !== undefined && value !== null) return String(value);
          return csvField(col.text(row) ?? '', true);
        })
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A server's refusal of a planner group's field (the contract's English message) as the screen's own words, each
 * to its catalogue key; anything else as "not valid". An import's refused rows carry a code of their own instead.
 */
export function serverProblem(message: string): FieldProblem {
  if (/required/i.test(message)) return { key: 'validation.required' };
  if (/whole number/i.test(message)) return { key: 'validation.wholeNumber' };
  const between = /between (-?[\d.]+) and (-?[\d.]+)/i.exec(message);
  if (between) return { key: 'rollout.groupDialog.between', values: { min: Number(between[1]), max: Number(between[2]) } };
  const atLeast = /at least (-?\d+)/i.exec(message)?.[1];
  if (atLeast !== undefined) return { key: 'validation.atLeast', values: { value: Number(atLeast) } };
  const atMost = /at most (-?\d+)/i.exec(message)?.[1];
  if (atMost !== undefined) return { key: 'validation.atMost', values: { value: Number(atMost) } };
  const maximum = /too long \(maximum is (\d+)/i.exec(message)?.[1];
  if (maximum !== undefined) return { key: 'rollout.groupDialog.tooLong', values: { max: Number(maximum) } };
  return { key: 'validation.invalid' };
}

export interface GroupForm {
  name: string;
  region: string;
  contact: string;
  weekly_target: string;
}

export type GroupField = keyof GroupForm;

/** The dialog's values checked as the contract checks them; the body when they pass. */
export function validateGroup(form: GroupForm, maxName: number, maxTarget: number) {
  const problems: Partial<Record<GroupField, FieldProblem>> = {};
  const name = form.name.trim();
  if (name === '') problems.name = { key: 'validation.required' };
  else if (name.length > maxName) problems.name = { key: 'rollout.groupDialog.tooLong', values: { max: maxName } };
  const targetText = form.weekly_target.trim();
  const target = Number(targetText);
  if (targetText === '') problems.weekly_target = { key: 'validation.required' };
  else if (!Number.isFinite(target)) problems.weekly_target = { key: 'validation.number' };
  else if (!Number.isInteger(target)) problems.weekly_target = { key: 'validation.wholeNumber' };
  else if (target < 0) problems.weekly_target = { key: 'validation.atLeast', values: { value: 0 } };
  else if (target > maxTarget) problems.weekly_target = { key: 'validation.atMost', values: { value: maxTarget } };
  if (Object.keys(problems).length > 0) return { body: null, problems };
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    body: { name, region: optional(form.region), contact: optional(form.contact), weekly_target: target },
    problems,
  };
}

const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The Content-Type an import is sent with: the file's name decides, since browsers name a CSV's type in several ways
 * (text/csv, application/vnd.ms-excel, or none at all).
 */
export function planFileType(name: string, browserType: string): string {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx')) return XLSX_TYPE;
  if (lower.endsWith('.csv')) return CSV_TYPE;
  return browserType;
}

/** The refused rows of an import's 400 answer (ImportRefused), or null for any other answer. */
export function refusedRowsOf(body: unknown): RefusedRow[] | null {
  if (typeof body !== 'object' || body === null || !('refused' in body) || !Array.isArray(body.refused)) return null;
  return (body.refused as unknown[]).filter(
    (row): row is RefusedRow =>
      typeof row === 'object' &&
      row !== null &&
      typeof (row as RefusedRow).row === 'number' &&
      typeof (row as RefusedRow).message === 'string',
  );
}
