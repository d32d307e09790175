import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { ImportReport, PlanKind, RefusedRow } from '@gridlens/contract/rollout';
import type { DeviceStatus } from '@gridlens/domain/power/enumerations';
import {
  duplicateProblems,
  formulaRefused,
  GROUP_COLUMNS,
  headerProblems,
  importProblem,
  parseGroupRow,
  parseSiteRow,
  SITE_COLUMNS,
  SITE_STATUS_COLUMN,
  type GroupImportRow,
  type ImportProblem,
  rowProblem,
  type RowProblem,
  type SiteImportRow,
} from '@gridlens/domain/rollout/import';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@gridlens/domain/rollout/plan';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/http-error';
import type { RolloutRepository, StoredSite } from './rollout.repository';
import type { RolloutService } from './rollout.service';

/** An import with refused rows: nothing was stored; every refused row is named. */
export class ImportRefusedError extends Error {
  constructor(
    readonly refused: RefusedRow[],
    message = `The file has ${refused.length} refused row(s): nothing was imported`,
    readonly code = 'import_refused',
  ) {
    super(message);
  }
}

/** A file the import cannot read as rows at all: 400 in the import's answer shape, the reason as row 1's. */
const unreadable = (problem: ImportProblem) =>
  new ImportRefusedError([{ row: 1, column: null, ...problem }], problem.message, 'validation_error');

/** A file's rows: the header's names, then each row's cells by column name, with its row number (1 is the header). */
interface Sheet {
  header: string[];
  rows: { row: number; cells: Record<string, string> }[];
  /** Cells that cannot be read as a value (formulas): refused rows. */
  problems: RowProblem[];
}

const columnsError = (problems: ImportProblem[]) =>
  new ImportRefusedError(
    problems.map((problem) => ({ row: 1, column: null, ...problem })),
    `The file's columns are not the export's: ${problems.map((p) => p.message).join('; ')}`,
    'validation_error',
  );

const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 4180, as the house's report CSV writes it: a field holding a comma, a quote or a line break goes in quotes. */
const csvField = (text: string) => (/[,"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A text cell that a spreadsheet would take as a formula, written as text (the house's CSV rule); the import undoes it. */
const defused = (text: string) => (/^[=+@\t\r]/.test(text) || /^-[^\d.]/.test(text) ? `'${text}` : text);
const undefused = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

function sheetOf(matrix: readonly (readonly string[])[], formulas: ReadonlySet<string> = new Set()): Sheet {
  const [head = [], ...body] = matrix;
  const header = head.map((h) => h.trim().toLowerCase());
  const problems: RowProblem[] = [];
  const rows: Sheet['rows'] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const named: Record<string, string> = {};
    header.forEach((name, c) => {
      if (name === '') return;
      const text = cells[c] ?? '';
      if (formulas.has(`${row}:${c}`) || text.trim().startsWith('=')) problems.push(formulaRefused(row, name));
      named[name] = undefused(text);
    });
    rows.push({ row, cells: named });
  });
  return { header, rows, problems };
}

function readCsv(bytes: Uint8Array): Sheet {
  let matrix: string[][];
  try {
    matrix = parse(Buffer.from(bytes), { bom: true, delimiter: [',', ';'], relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    throw unreadable(importProblem('not_csv', { detail: error instanceof Error ? error.message : 'not CSV' }));
  }
  return sheetOf(matrix);
}

const dayOfDate = (date: Date) => date.toISOString().slice(0, 10);

async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw unreadable(importProblem('not_xlsx', {}));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [], problems: [] };
  const matrix: string[][] = [];
  const formulas = new Set<string>();
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const value = cell.value;
      let text = '';
      if (value === null || value === undefined) text = '';
      else if (value instanceof Date) text = dayOfDate(value);
      else if (typeof value === 'object' && ('formula' in value || 'sharedFormula' in value)) formulas.add(`${rowNumber}:${col - 1}`);
      else if (typeof value === 'object' && 'richText' in value) text = value.richText.map((r) => r.text).join('');
      else if (typeof value === 'object' && 'text' in value) text = String(value.text);
      else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') text = String(value);
      // An error value (#N/A) or anything else that is no value the import reads: taken as empty.
      cells[col - 1] = text;
    });
    while (matrix.length < rowNumber - 1) matrix.push([]);
    matrix[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return sheetOf(matrix, formulas);
}

const isXlsx = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() === XLSX_CONTENT_TYPE;
const isCsv = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() === 'text/csv';

export interface PlanFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The rollout plan's import (all or nothing, in one transaction) and export, in the same columns. */
export function createRolloutFiles({
  db,
  repository,
  service,
  now,
}: {
  db: Database;
  repository: RolloutRepository;
  service: RolloutService;
  now: () => number;
}) {
  async function importSites(tenantId: string, sheet: Sheet, by: string): Promise<ImportReport> {
    const header = headerProblems(sheet.header, SITE_COLUMNS, [SITE_STATUS_COLUMN]);
    if (header.length > 0) throw columnsError(header);
    const problems: RowProblem[] = [...sheet.problems];
    const parsed: { row: number; site: SiteImportRow }[] = [];
    for (const { row, cells } of sheet.rows) {
      const result = parseSiteRow(cells, row);
      if (result.value) parsed.push({ row, site: result.value });
      else problems.push(...besideFormulas(sheet, result.problems));
    }
    // Every row naming a site id again is refused, whatever else is wrong with it.
    const ids = sheet.rows.map(({ row, cells }) => ({ row, id: (cells.site_id ?? '').trim() })).filter((r) => r.id !== '');
    problems.push(...duplicateProblems(ids, 'site_id'));
    const withDevice = parsed.filter((p) => p.site.device_id !== null);
    problems.push(
      ...duplicateProblems(
        withDevice.map((p) => ({ row: p.row, id: p.site.device_id ?? '' })),
        'device_id',
      ),
    );
    const groups = new Map((await repository.groups(tenantId)).map((g) => [g.name.toLowerCase(), g.group_id]));
    for (const { row, site } of parsed)
      if (site.planner_group !== null && !groups.has(site.planner_group.toLowerCase()))
        problems.push(rowProblem(row, 'planner_group', 'unknown_group', { name: site.planner_group }));
    const deviceIds = withDevice.map((p) => p.site.device_id ?? '');
    const known = await repository.deviceStatuses(tenantId, deviceIds);
    const elsewhere = await repository.devicesAtOtherSites(
      tenantId,
      deviceIds,
      parsed.map((p) => p.site.site_id),
    );
    for (const { row, site } of withDevice) {
      const id = site.device_id ?? '';
      if (!known.has(id)) problems.push(rowProblem(row, 'device_id', 'unknown_device', { id }));
      else if (elsewhere.has(id)) problems.push(rowProblem(row, 'device_id', 'device_elsewhere', { id, site: elsewhere.get(id) ?? '' }));
    }
    if (problems.length > 0) throw new ImportRefusedError(sorted(problems));

    const stored: StoredSite[] = parsed.map(({ site }) => ({
      site_id: site.site_id,
      name: site.name,
      latitude: site.latitude,
      longitude: site.longitude,
      group_id: site.planner_group === null ? null : (groups.get(site.planner_group.toLowerCase()) ?? null),
      planned_week: site.planned_week,
      notes: site.notes,
      device_id: site.device_id,
    }));
    const at = new Date(now()).toISOString();
    return db.transaction(async (tx) => {
      const existing = await repository.existingSites(
        tenantId,
        stored.map((s) => s.site_id),
        tx,
      );
      await repository.upsertSites(tenantId, stored, by, tx);
      const byStatus = new Map<DeviceStatus, string[]>();
      for (const { site } of parsed)
        if (site.device_status !== null && site.device_id !== null)
          byStatus.set(site.device_status, [...(byStatus.get(site.device_status) ?? []), site.device_id]);
      for (const [status, ids] of byStatus)
        await service.changeStatus(tx, tenantId, ids, status, { event: 'import', at: () => at, detail: 'sites import', by });
      return { kind: 'sites' as const, rows: stored.length, added: stored.length - existing.size, updated: existing.size };
    });
  }

  async function importGroups(tenantId: string, sheet: Sheet, by: string): Promise<ImportReport> {
    const header = headerProblems(sheet.header, GROUP_COLUMNS);
    if (header.length > 0) throw columnsError(header);
    const problems: RowProblem[] = [...sheet.problems];
    const parsed: { row: number; group: GroupImportRow }[] = [];
    for (const { row, cells } of sheet.rows) {
      const result = parseGroupRow(cells, row);
      if (result.value) parsed.push({ row, group: result.value });
      else problems.push(...besideFormulas(sheet, result.problems));
    }
    const names = sheet.rows.map(({ row, cells }) => ({ row, id: (cells.name ?? '').trim().toLowerCase() })).filter((r) => r.id !== '');
    problems.push(...duplicateProblems(names, 'name'));
    if (problems.length > 0) throw new ImportRefusedError(sorted(problems));
    return db.transaction(async (tx) => {
      const existing = new Map((await repository.groups(tenantId, tx)).map((g) => [g.name.toLowerCase(), g.group_id]));
      let updated = 0;
      for (const { group } of parsed) {
        const id = existing.get(group.name.toLowerCase());
        if (id === undefined) await repository.insertGroup(tenantId, group, by, tx);
        else {
          await repository.updateGroup(tenantId, id, group, by, tx);
          updated += 1;
        }
      }
      return { kind: 'groups' as const, rows: parsed.length, added: parsed.length - updated, updated };
    });
  }

  async function rowsOf(tenantId: string, kind: PlanKind): Promise<{ columns: readonly string[]; rows: (string | number | null)[][] }> {
    if (kind === 'groups') {
      const groups = await repository.groups(tenantId);
      return { columns: GROUP_COLUMNS, rows: groups.map((g) => [g.name, g.region, g.contact, g.weekly_target]) };
    }
    const sites = await repository.sites(tenantId, {});
    return {
      columns: SITE_COLUMNS,
      rows: sites.map((s) => [s.site_id, s.name, s.latitude, s.longitude, s.group_name, s.planned_week, s.notes, s.device_id]),
    };
  }

  return {
    async importPlan(tenantId: string, kind: PlanKind, contentType: string, body: Uint8Array, by: string): Promise<ImportReport> {
      if (body.byteLength > IMPORT_MAX_BYTES)
        throw new HttpError(413, 'payload_too_large', `The file is larger than ${IMPORT_MAX_BYTES} bytes`);
      const sheet = isXlsx(contentType) ? await readXlsx(body) : isCsv(contentType) ? readCsv(body) : null;
      if (!sheet) throw new HttpError(415, 'unsupported_media_type', 'An import is a CSV or an XLSX file');
      if (sheet.rows.length > IMPORT_MAX_ROWS) throw unreadable(importProblem('too_many_rows', { max: IMPORT_MAX_ROWS }));
      return kind === 'sites' ? importSites(tenantId, sheet, by) : importGroups(tenantId, sheet, by);
    },

    async exportPlan(tenantId: string, kind: PlanKind, format: 'csv' | 'xlsx'): Promise<PlanFile> {
      const { columns, rows } = await rowsOf(tenantId, kind);
      const fileName = `rollout-${kind}.${format}`;
      if (format === 'csv') {
        const text = [
          columns.join(','),
          ...rows.map((r) => r.map((v) => (v === null ? '' : csvField(typeof v === 'number' ? String(v) : defused(v)))).join(',')),
        ]
          .map((line) => `${line}\r\n`)
          .join('');
        return { fileName, contentType: CSV_CONTENT_TYPE, bytes: Buffer.from(`\uFEFF${text}`, 'utf8') };
      }
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(kind);
      sheet.addRow([...columns]);
      sheet.getRow(1).font = { bold: true };
      for (const row of rows) sheet.addRow(row);
      return { fileName, contentType: XLSX_CONTENT_TYPE, bytes: Buffer.from(await workbook.xlsx.writeBuffer()) };
    },
  };
}
export type RolloutFiles = ReturnType<typeof createRolloutFiles>;

/** A row's problems but those of its formula cells, which are refused as formulas already (their value is not read). */
function besideFormulas(sheet: Sheet, problems: RowProblem[]): RowProblem[] {
  const formulas = new Set(sheet.problems.map((p) => `${p.row}:${p.column}`));
  return problems.filter((p) => !formulas.has(`${p.row}:${p.column}`));
}

const sorted = (problems: RowProblem[]): RefusedRow[] =>
  [...problems].sort((a, b) => a.row - b.row || (a.column ?? '').localeCompare(b.column ?? ''));
