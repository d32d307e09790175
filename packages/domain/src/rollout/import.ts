import { DEVICE_STATUSES, type DeviceStatus } from '../power/enumerations';
import { dayMs, mondayOf, mondayOfIsoWeek } from './figures';
import { NAME_MAX, NOTES_MAX, SITE_ID_MAX, WEEKLY_TARGET_MAX } from './plan';

/**
 * The rollout plan's import (issue 30): a file's rows, each cell as text, checked against the export's columns. The
 * server reads the file (CSV or XLSX) into text cells; these rules decide what each row means or why it is refused.
 */

/** The export's columns, which an import must have exactly (in any order). `device_status` is optional. */
export const SITE_COLUMNS = ['site_id', 'name', 'latitude', 'longitude', 'planner_group', 'planned_week', 'notes', 'device_id'] as const;
export const GROUP_COLUMNS = ['name', 'region', 'contact', 'weekly_target'] as const;
/** An optional column of a sites import: the status to give the site's device (the history's event 'import'). */
export const SITE_STATUS_COLUMN = 'device_status';

export interface RowProblem {
  /** The file's row number: 1 is the header. */
  row: number;
  column: string | null;
  message: string;
}

/** What is wrong with a header: the columns it lacks and the ones it has beyond the export's; empty when it fits. */
export function headerProblems(header: readonly string[], expected: readonly string[], optional: readonly string[] = []): string[] {
  const names = header.map((h) => h.trim().toLowerCase());
  const problems: string[] = [];
  const missing = expected.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => name !== '' && !expected.includes(name) && !optional.includes(name));
  const repeated = names.filter((name, i) => name !== '' && names.indexOf(name) !== i);
  if (missing.length > 0) problems.push(`Missing column(s): ${missing.join(', ')}`);
  if (unknown.length > 0) problems.push(`Unknown column(s): ${unknown.join(', ')}`);
  if (repeated.length > 0) problems.push(`Repeated column(s): ${[...new Set(repeated)].join(', ')}`);
  return problems;
}

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_WEEK = /^(\d{4})-?W(\d{1,2})$/i;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A planned week as written in a file: YYYY-MM-DD, DD/MM/YYYY or an ISO week (2026-W05); any day names its week's
 * Monday. null when the text is none of these or names no real day.
 */
export function parsePlannedWeek(text: string): string | null {
  const value = text.trim();
  const week = ISO_WEEK.exec(value);
  if (week) return mondayOfIsoWeek(Number(week[1]), Number(week[2]));
  const dmy = DMY.exec(value);
  const iso = dmy ? `${dmy[3]}-${pad(Number(dmy[2]))}-${pad(Number(dmy[1]))}` : value;
  return dayMs(iso) === null ? null : mondayOf(iso);
}

/** A cell that holds a formula (the import never evaluates one, and refuses it rather than guess its value). */
export const FORMULA_REFUSED = 'Formulas are not imported: write the value itself';

export interface SiteImportRow {
  site_id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  planner_group: string | null;
  planned_week: string | null;
  notes: string | null;
  device_id: string | null;
  device_status: DeviceStatus | null;
}

export interface GroupImportRow {
  name: string;
  region: string | null;
  contact: string | null;
  weekly_target: number;
}

type Cells = Readonly<Record<string, string | undefined>>;
type Parsed<T> = { value: T; problems: [] } | { value: null; problems: RowProblem[] };

function reader(cells: Cells, row: number) {
  const problems: RowProblem[] = [];
  const text = (column: string) => (cells[column] ?? '').trim();
  const refuse = (column: string, message: string) => problems.push({ row, column, message });
  const optional = (column: string, max: number) => {
    const value = text(column);
    if (value.length > max) refuse(column, `Too long (maximum is ${max} characters)`);
    return value === '' ? null : value;
  };
  const required = (column: string, max: number) => {
    const value = text(column);
    if (value === '') refuse(column, 'This field is required');
    else if (value.length > max) refuse(column, `Too long (maximum is ${max} characters)`);
    return value;
  };
  const number = (column: string, min: number, max: number) => {
    const value = text(column);
    if (value === '') return null;
    const n = Number(value);
    if (!Number.isFinite(n)) refuse(column, 'Not a number');
    else if (n < min || n > max) refuse(column, `Value should be between ${min} and ${max}`);
    return Number.isFinite(n) ? n : null;
  };
  return { problems, text, refuse, optional, required, number };
}

const SITE_ID = /^[\w.\-/ ]+$/;

/** One row of a sites import (`row`: its row number in the file). */
export function parseSiteRow(cells: Cells, row: number): Parsed<SiteImportRow> {
  const r = reader(cells, row);
  const siteId = r.required('site_id', SITE_ID_MAX);
  if (siteId !== '' && !SITE_ID.test(siteId)) r.refuse('site_id', 'Letters, digits, spaces and . - / _ only');
  const week = r.text('planned_week');
  const plannedWeek = week === '' ? null : parsePlannedWeek(week);
  if (week !== '' && plannedWeek === null) r.refuse('planned_week', 'A week is written YYYY-MM-DD, DD/MM/YYYY or 2026-W05');
  const status = r.text(SITE_STATUS_COLUMN);
  const deviceStatus = status === '' ? null : (DEVICE_STATUSES.find((s) => s.toLowerCase() === status.toLowerCase()) ?? null);
  if (status !== '' && deviceStatus === null) r.refuse(SITE_STATUS_COLUMN, `One of ${DEVICE_STATUSES.join(', ')}`);
  const deviceId = r.optional('device_id', 100);
  if (deviceStatus !== null && deviceId === null) r.refuse(SITE_STATUS_COLUMN, 'A status needs the site’s device_id');
  const value: SiteImportRow = {
    site_id: siteId,
    name: r.required('name', NAME_MAX),
    latitude: r.number('latitude', -90, 90),
    longitude: r.number('longitude', -180, 180),
    planner_group: r.optional('planner_group', NAME_MAX),
    planned_week: plannedWeek,
    notes: r.optional('notes', NOTES_MAX),
    device_id: deviceId,
    device_status: deviceStatus,
  };
  return r.problems.length > 0 ? { value: null, problems: r.problems } : { value, problems: [] };
}

/** One row of a planner groups import. */
export function parseGroupRow(cells: Cells, row: number): Parsed<GroupImportRow> {
  const r = reader(cells, row);
  const name = r.required('name', NAME_MAX);
  const region = r.optional('region', NAME_MAX);
  const contact = r.optional('contact', 120);
  const target = r.number('weekly_target', 0, WEEKLY_TARGET_MAX);
  if (r.text('weekly_target') === '') r.refuse('weekly_target', 'This field is required');
  else if (target !== null && !Number.isInteger(target)) r.refuse('weekly_target', 'Number has to be a whole number');
  if (r.problems.length > 0) return { value: null, problems: r.problems };
  return { value: { name, region, contact, weekly_target: target ?? 0 }, problems: [] };
}

/** Rows naming an id an earlier row named already: refused, every one (the caller folds the case of group names). */
export function duplicateProblems(ids: readonly { row: number; id: string }[], column: string): RowProblem[] {
  const first = new Map<string, number>();
  const problems: RowProblem[] = [];
  for (const { row, id } of ids) {
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, row);
    else problems.push({ row, column, message: `Repeats row ${earlier}: ${id} is in the file twice` });
  }
  return problems;
}
