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

/** What each reason for refusing a row (or the file) needs to be said in words, by its code. */
interface ImportProblemValues {
  required: Record<string, never>;
  too_long: { max: number };
  not_a_number: Record<string, never>;
  out_of_range: { min: number; max: number };
  whole_number: Record<string, never>;
  site_id_characters: Record<string, never>;
  week_format: Record<string, never>;
  unknown_status: { statuses: string };
  status_needs_device: Record<string, never>;
  formula: Record<string, never>;
  repeated_id: { earlier: number; id: string };
  missing_columns: { columns: string };
  unknown_columns: { columns: string };
  repeated_columns: { columns: string };
  unknown_group: { name: string };
  unknown_device: { id: string };
  device_elsewhere: { id: string; site: string };
  not_csv: { detail: string };
  not_xlsx: Record<string, never>;
  too_many_rows: { max: number };
}
export type ImportProblemCode = keyof ImportProblemValues;

/** The import's reasons in English (the API's `message`); the screens say them in the user's language by `code`. */
const ENGLISH: { [C in ImportProblemCode]: (values: ImportProblemValues[C]) => string } = {
  required: () => 'This field is required',
  too_long: ({ max }) => `Too long (maximum is ${max} characters)`,
  not_a_number: () => 'Not a number',
  out_of_range: ({ min, max }) => `Value should be between ${min} and ${max}`,
  whole_number: () => 'Number has to be a whole number',
  site_id_characters: () => 'Letters, digits, spaces and . - / _ only',
  week_format: () => 'A week is written YYYY-MM-DD, DD/MM/YYYY or 2026-W05',
  unknown_status: ({ statuses }) => `One of ${statuses}`,
  status_needs_device: () => 'A status needs the site’s device_id',
  formula: () => 'Formulas are not imported: write the value itself',
  repeated_id: ({ earlier, id }) => `Repeats row ${earlier}: ${id} is in the file twice`,
  missing_columns: ({ columns }) => `Missing column(s): ${columns}`,
  unknown_columns: ({ columns }) => `Unknown column(s): ${columns}`,
  repeated_columns: ({ columns }) => `Repeated column(s): ${columns}`,
  unknown_group: ({ name }) => `No planner group named ${name}`,
  unknown_device: ({ id }) => `No device ${id} in the registry`,
  device_elsewhere: ({ id, site }) => `Device ${id} is at site ${site} already`,
  not_csv: ({ detail }) => `The file is not CSV the import reads: ${detail}`,
  not_xlsx: () => 'The file is not an XLSX workbook',
  too_many_rows: ({ max }) => `The file has more than ${max} rows`,
};
export const IMPORT_PROBLEM_CODES = Object.keys(ENGLISH) as ImportProblemCode[];

/** Why a row of an import (or the file, as its row 1) was refused: the code and its values, and the English words. */
export interface ImportProblem {
  code: ImportProblemCode;
  values: Record<string, string | number>;
  message: string;
}

export const importProblem = <C extends ImportProblemCode>(code: C, values: ImportProblemValues[C]): ImportProblem => ({
  code,
  values,
  message: ENGLISH[code](values),
});

export interface RowProblem extends ImportProblem {
  /** The file's row number: 1 is the header. */
  row: number;
  column: string | null;
}

export const rowProblem = <C extends ImportProblemCode>(
  row: number,
  column: string | null,
  code: C,
  values: ImportProblemValues[C],
): RowProblem => ({ row, column, ...importProblem(code, values) });

/** What is wrong with a header: the columns it lacks and the ones it has beyond the export's; empty when it fits. */
export function headerProblems(header: readonly string[], expected: readonly string[], optional: readonly string[] = []): ImportProblem[] {
  const names = header.map((h) => h.trim().toLowerCase());
  const problems: ImportProblem[] = [];
  const missing = expected.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => name !== '' && !expected.includes(name) && !optional.includes(name));
  const repeated = names.filter((name, i) => name !== '' && names.indexOf(name) !== i);
  if (missing.length > 0) problems.push(importProblem('missing_columns', { columns: missing.join(', ') }));
  if (unknown.length > 0) problems.push(importProblem('unknown_columns', { columns: unknown.join(', ') }));
  if (repeated.length > 0) problems.push(importProblem('repeated_columns', { columns: [...new Set(repeated)].join(', ') }));
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
export const formulaRefused = (row: number, column: string): RowProblem => rowProblem(row, column, 'formula', {});

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
  const refuse = <C extends ImportProblemCode>(column: string, code: C, values: ImportProblemValues[C]) =>
    problems.push(rowProblem(row, column, code, values));
  const optional = (column: string, max: number) => {
    const value = text(column);
    if (value.length > max) refuse(column, 'too_long', { max });
    return value === '' ? null : value;
  };
  const required = (column: string, max: number) => {
    const value = text(column);
    if (value === '') refuse(column, 'required', {});
    else if (value.length > max) refuse(column, 'too_long', { max });
    return value;
  };
  const number = (column: string, min: number, max: number) => {
    const value = text(column);
    if (value === '') return null;
    const n = Number(value);
    if (!Number.isFinite(n)) refuse(column, 'not_a_number', {});
    else if (n < min || n > max) refuse(column, 'out_of_range', { min, max });
    return Number.isFinite(n) ? n : null;
  };
  return { problems, text, refuse, optional, required, number };
}

const SITE_ID = /^[\w.\-/ ]+$/;

/** One row of a sites import (`row`: its row number in the file). */
export function parseSiteRow(cells: Cells, row: number): Parsed<SiteImportRow> {
  const r = reader(cells, row);
  const siteId = r.required('site_id', SITE_ID_MAX);
  if (siteId !== '' && !SITE_ID.test(siteId)) r.refuse('site_id', 'site_id_characters', {});
  const week = r.text('planned_week');
  const plannedWeek = week === '' ? null : parsePlannedWeek(week);
  if (week !== '' && plannedWeek === null) r.refuse('planned_week', 'week_format', {});
  const status = r.text(SITE_STATUS_COLUMN);
  const deviceStatus = status === '' ? null : (DEVICE_STATUSES.find((s) => s.toLowerCase() === status.toLowerCase()) ?? null);
  if (status !== '' && deviceStatus === null) r.refuse(SITE_STATUS_COLUMN, 'unknown_status', { statuses: DEVICE_STATUSES.join(', ') });
  const deviceId = r.optional('device_id', 100);
  if (deviceStatus !== null && deviceId === null) r.refuse(SITE_STATUS_COLUMN, 'status_needs_device', {});
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
  if (r.text('weekly_target') === '') r.refuse('weekly_target', 'required', {});
  else if (target !== null && !Number.isInteger(target)) r.refuse('weekly_target', 'whole_number', {});
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
    else problems.push(rowProblem(row, column, 'repeated_id', { earlier, id }));
  }
  return problems;
}
