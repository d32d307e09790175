import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { reportSchedulesApi as api } from '@gridlens/contract/report-schedules';
import type { Database } from '../../db/database';
import type { ModuleGraph } from '../../module-graph';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { registerTracker } from '../../../test/support/tracking-fixtures';
import { createPdfRenderer } from './pdf-renderer';

// Wednesday 18 November 2026, noon UTC (the demo tenants' calendar in tests): week 2026-W46 has ended.
const NOW = Date.parse('2026-11-18T12:00:00Z');
const TRACKER = 'FT-DOWNLOAD-7';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name a browser saves: `filename*` (UTF-8) of Content-Disposition. */
const savedName = (response: LightMyRequestResponse) => {
  const header = String(response.headers['content-disposition'] ?? '');
  expect(header).toMatch(/^attachment; /);
  return decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header)?.[1] ?? '');
};

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}
const cellsOf = (workbook: ExcelJS.Workbook) => workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map(String));

for (const backend of TEST_DATABASES) {
  describe(`a stored report’s download [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let graph: ModuleGraph;
    let fleet: string;
    let power: string;
    let installer: string;
    const ids: Record<'fleet' | 'acme' | 'kpi' | 'power', string> = { fleet: '', acme: '', kpi: '', power: '' };

    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, token = fleet, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(token, tenant) });
    const download = (id: string, format: string, language?: string, token = fleet, tenant = 'fleetco') =>
      call(api.reportFile, { params: { id, format }, ...(language ? { query: { language } } : {}) }, token, tenant);
    const stored = async (body: Record<string, unknown>, token = fleet, tenant = 'fleetco') => {
      const answer = await call(api.addReport, { body }, token, tenant);
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().id;
    };

    beforeAll(async () => {
      db = await backend.open();
      // No browser at all: the PDF's answer without one is part of what is proven here.
      const created = await createTestApp(db, {
        now: () => NOW,
        reportDelivery: { renderer: createPdfRenderer({ executablePath: '/nonexistent/chromium' }) },
      });
      app = created.app;
      graph = created.graph;
      fleet = await created.issuer.token({ sub: 'fleet-user', tenant: 'fleetco' });
      power = await created.issuer.token({ sub: 'power-user', tenant: 'netzero' });
      installer = await created.issuer.token({ sub: 'installer', tenant: 'fleetco', roles: ['Installer'] });
      await db.query("INSERT INTO customers (tenant_id, customer_id, name) VALUES ('fleetco', 'ACME', 'Acme Logistics')");
      await registerTracker(app, fleet, 'fleetco', { device_id: TRACKER });
      ids.fleet = await stored({ kind: 'fleet', week: '2026-11-11' });
      ids.acme = await stored({ kind: 'fleet', week: '2026-11-11', customer_id: 'ACME' });
      ids.kpi = await stored({ kind: 'kpi', week: '2026-11-11' });
      ids.power = await stored({ kind: 'power', day: '2026-11-17' }, power, 'netzero');
    });
    afterAll(async () => {
      await graph.reportDelivery.close();
      await app.close();
      await backend.dispose(db);
    });

    it('answers the fleet report’s XLSX, named by the report and its week, holding its trackers', async () => {
      const answer = await download(ids.fleet, 'xlsx');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe(XLSX_TYPE);
      expect(answer.headers['cache-control']).toContain('no-store');
      expect(savedName(answer)).toBe('Weekly fleet report 2026-W46.xlsx');
      const workbook = await workbookOf(answer.rawPayload);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toContain('Silent assets');
      expect(cellsOf(workbook)).toContain(TRACKER);
      expect(cellsOf(workbook)).toContain('2026-W46');
    });

    it('writes the file in the language asked for: its name, sheets, headings and CSV separators', async () => {
      const xlsx = await download(ids.fleet, 'xlsx', 'FR');
      expect(savedName(xlsx)).toBe('Rapport de flotte hebdomadaire 2026-W46.xlsx');
      expect((await workbookOf(xlsx.rawPayload)).worksheets.map((sheet) => sheet.name)).toContain('Actifs silencieux');
      const kpi = await download(ids.kpi, 'csv', 'FR');
      const text = kpi.rawPayload.toString('utf8');
      // French spreadsheet programs take ";" between fields, the comma being the decimal separator.
      expect(text.split('\r\n')[0]).toMatch(/^\uFEFFSemaine;/);
      expect(savedName(kpi)).toMatch(/^Rapport KPI 2026-W46 - Semaine par semaine\.csv$/);
    });

    it('gives a report of one sheet (the KPI report) as that CSV, each of its weeks a row', async () => {
      const answer = await download(ids.kpi, 'csv');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(savedName(answer)).toBe('KPI report 2026-W46 - Week by week.csv');
      const lines = answer.rawPayload
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]?.split(',')[0]).toBe('Week');
      expect(lines).toHaveLength(1 + 24);
      expect(lines.at(-1)).toMatch(/^2026-W46,/);
    });

    it('gives a report of several sheets as a ZIP of one CSV per sheet, named as the email’s attachments', async () => {
      const answer = await download(ids.fleet, 'csv');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('application/zip');
      expect(savedName(answer)).toBe('Weekly fleet report 2026-W46 (CSV).zip');
      const files = unzipSync(new Uint8Array(answer.rawPayload));
      const names = Object.keys(files);
      expect(names).toHaveLength(8);
      expect(names).toContain('Weekly fleet report 2026-W46 - Silent assets.csv');
      for (const name of names) expect(name).toMatch(/^Weekly fleet report 2026-W46 - .+\.csv$/);
      const silent = Buffer.from(files['Weekly fleet report 2026-W46 - Silent assets.csv'] ?? []).toString('utf8');
      expect(silent.startsWith('\uFEFF')).toBe(true);
      expect(silent).toContain(TRACKER);
    });

    it('keeps the customer a stored report was made for', async () => {
      const summary = async (id: string) => {
        const sheet = (await workbookOf((await download(id, 'xlsx')).rawPayload)).getWorksheet('Summary');
        return sheet?.getRow(2).values;
      };
      expect(await summary(ids.acme)).toContain('Acme Logistics');
      expect(await summary(ids.fleet)).not.toContain('Acme Logistics');
    });

    it('downloads a power-data tenant’s daily report by its day', async () => {
      const answer = await download(ids.power, 'xlsx', 'EN', power, 'netzero');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(savedName(answer)).toBe('Power report 2026-11-17.xlsx');
      expect((await workbookOf(answer.rawPayload)).worksheets).toHaveLength(3);
    });

    it('answers 503 saying so for a PDF when this server has no browser, and the spreadsheets still download', async () => {
      // Before the server listens there is no address to print from.
      const early = await download(ids.fleet, 'pdf');
      expect(early.statusCode).toBe(503);
      expect(early.json<{ error: string }>().error).toBe('pdf_unavailable');
      graph.reportDelivery.listeningAt('http://127.0.0.1:9');
      const answer = await download(ids.fleet, 'pdf');
      expect(answer.statusCode).toBe(503);
      expect(answer.json<{ error: string; message: string }>()).toMatchObject({ error: 'pdf_unavailable' });
      expect(answer.json<{ message: string }>().message).toContain('/nonexistent/chromium');
      expect(answer.headers['content-disposition']).toBeUndefined();
      expect((await download(ids.fleet, 'xlsx')).statusCode).toBe(200);
    });

    it('answers 404 for another tenant’s stored report as for an unknown one, and gives none of its data', async () => {
      for (const format of ['xlsx', 'csv', 'pdf']) {
        const answer = await download(ids.fleet, format, 'EN', power, 'netzero');
        expect(answer.statusCode, format).toBe(404);
        expect(answer.body).not.toContain(TRACKER);
        expect(answer.headers['content-disposition']).toBeUndefined();
      }
      expect((await download(ids.power, 'xlsx')).statusCode).toBe(404);
      expect((await download('00000000-0000-4000-8000-000000000000', 'xlsx')).statusCode).toBe(404);
    });

    it.each([
      { case: 'an unknown format', id: () => ids.fleet, format: 'docx', language: 'EN', field: 'format' },
      { case: 'a format in capitals', id: () => ids.fleet, format: 'PDF', language: 'EN', field: 'format' },
      { case: 'a language outside the five', id: () => ids.fleet, format: 'xlsx', language: 'DE', field: 'language' },
      { case: 'an id that is none', id: () => 'report-1', format: 'xlsx', language: 'EN', field: 'id' },
    ])('refuses $case with 400 naming $field', async ({ id, format, language, field }) => {
      expectValidationError(await download(id(), format, language), field);
    });

    it('refuses an Installer-only user', async () => {
      const answer = await download(ids.fleet, 'xlsx', 'EN', installer);
      expect(answer.statusCode).toBe(403);
      expect(answer.headers['content-disposition']).toBeUndefined();
    });
  });
}
