import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { reportSchedulesApi as api, type ReportRun } from '@gridlens/contract/report-schedules';
import { openPostgres, type Database } from '../../db/database';
import type { ModuleGraph } from '../../module-graph';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { attachmentsOf, decoded, mimeParts, startSmtp, textOf } from '../../../test/support/smtp-sink';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { registerTracker } from '../../../test/support/tracking-fixtures';
import { PdfRenderTimeoutError } from './pdf-renderer';
import { errorText, FAILURES_TOLD, SEND_ATTEMPTS } from './report-runner';

const MINUTE_MS = 60_000;
const JOB = 'report-deliveries';

// Monday 16 November 2026, 07:00 in Dublin (GMT, UTC+0): a weekly fleet report's due time.
const MONDAY_7 = Date.parse('2026-11-16T07:00:00Z');
const weekly = {
  report: 'fleet',
  frequency: 'weekly',
  day_of_week: 1,
  local_time: '07:00',
  time_zone: 'Europe/Dublin',
  language: 'EN',
  formats: ['csv', 'xlsx'],
} as const;

for (const backend of TEST_DATABASES) {
  describe(`the report schedule runner [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let graph: ModuleGraph;
    let token: string;
    let otherTenant: string;
    let clock = MONDAY_7 - 2 * 24 * 60 * MINUTE_MS;
    /** Addresses the mail server refuses, with its answer. */
    const refused = new Map<string, string>();
    let smtp: Awaited<ReturnType<typeof startSmtp>>;

    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, as = token, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(as, tenant) });
    const createSchedule = async (body: Record<string, unknown> = weekly, recipients = ['aoife@example.com', 'brian@example.com']) => {
      const created = await call(api.createSchedule, { body });
      expect(created.statusCode, created.body).toBe(201);
      const schedule = created.json<{ id: string; next_due_at: string }>();
      for (const email of recipients) {
        const added = await call(api.addRecipient, { params: { id: schedule.id }, body: { name: email.split('@')[0], email } });
        expect(added.statusCode, added.body).toBe(201);
      }
      return schedule;
    };
    const runsOf = async (id: string) => (await call(api.schedule, { params: { id } })).json<{ runs: ReportRun[] }>().runs;
    const scheduleOf = async (id: string) =>
      (await call(api.schedule, { params: { id } })).json<{ consecutive_failures: number; next_due_at: string }>();
    const round = () => graph.scheduler.runNow(JOB);
    const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
    const since = (mark: number) => smtp.received.slice(mark);

    beforeAll(async () => {
      smtp = await startSmtp({ refuse: (address) => refused.get(address) ?? null });
      db = await backend.open();
      const created = await createTestApp(db, {
        now: () => clock,
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, SMTP_FROM: 'Gridlens <reports@gridlens.test>' },
      });
      app = created.app;
      graph = created.graph;
      token = await created.issuer.token({ sub: 'owner-1', tenant: 'fleetco' }, { claims: { email: 'owner@fleetco.example' } });
      otherTenant = await created.issuer.token({ sub: 'power-1', tenant: 'netzero' });
      await registerTracker(app, token, 'fleetco', { device_id: 'FT-SILENT-1' });
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    });
    beforeEach(() => refused.clear());

    it('sends a schedule due now once, one email per recipient, with its CSV and XLSX; the history and the stored weeks say so', async () => {
      const schedule = await createSchedule();
      expect(schedule.next_due_at).toBe(new Date(MONDAY_7).toISOString());
      clock = MONDAY_7 + MINUTE_MS;
      const mark = smtp.received.length;
      await round();
      const sent = since(mark);
      expect(sent.map((m) => m.to)).toEqual([['aoife@example.com'], ['brian@example.com']]);
      for (const message of sent) {
        const parts = mimeParts(message.raw);
        expect(textOf(parts, 'text/plain')).toContain('Week 2026-W46');
        const files = attachmentsOf(parts).map((p) => /filename="?([^";]+)"?/.exec(p.headers['content-disposition'] ?? '')?.[1]);
        expect(files.some((f) => f?.endsWith('.xlsx'))).toBe(true);
        expect(files.some((f) => f?.endsWith('.csv'))).toBe(true);
        const xlsx = attachmentsOf(parts).find((p) => p.headers['content-type']?.includes('spreadsheetml'));
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(decoded(xlsx as NonNullable<typeof xlsx>) as unknown as ArrayBuffer);
        const silent = workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map(String));
        expect(silent).toContain('FT-SILENT-1');
      }
      const [run] = await runsOf(schedule.id);
      expect(run).toMatchObject({
        status: 'sent',
        due_at: new Date(MONDAY_7).toISOString(),
        recipients: ['aoife@example.com', 'brian@example.com'],
        formats: ['csv', 'xlsx'],
        attempts: 1,
        link: '/report_fleet?week=2026-W46',
      });
      // The next round, and a second process's, find nothing more to send.
      await round();
      expect(since(mark)).toHaveLength(2);
      expect((await scheduleOf(schedule.id)).next_due_at).toBe(new Date(MONDAY_7 + 7 * 24 * 60 * MINUTE_MS).toISOString());
      const stored = (await call(api.reports, { params: { page: 1, per_page: 24 } })).json<{ items: { kind: string; week: string }[] }>();
      expect(stored.items).toContainEqual(expect.objectContaining({ kind: 'fleet', week: '2026-11-09' }));
    });

    it('keeps a 07:00 schedule at 07:00 local across the change to summer time', async () => {
      // Saturday 27 March 2027, 07:00 GMT; on Sunday the 28th Dublin is on IST (UTC+1), so 07:00 is 06:00 UTC.
      clock = Date.parse('2027-03-27T07:00:30Z');
      const schedule = await createSchedule({ ...weekly, frequency: 'daily', day_of_week: null }, ['dst@example.com']);
      expect(schedule.next_due_at).toBe('2027-03-28T06:00:00.000Z');
      clock = Date.parse('2027-03-28T05:59:00Z');
      await round();
      expect(await runsOf(schedule.id)).toEqual([]);
      clock = Date.parse('2027-03-28T06:00:20Z');
      await round();
      expect((await runsOf(schedule.id)).map((r) => [r.due_at, r.status])).toEqual([['2027-03-28T06:00:00.000Z', 'sent']]);
      expect((await scheduleOf(schedule.id)).next_due_at).toBe('2027-03-29T06:00:00.000Z');
    });

    it('catches up a run missed while the server was down once, for its latest due time', async () => {
      clock = Date.parse('2027-05-03T08:00:00Z'); // Monday, IST
      const schedule = await createSchedule({ ...weekly, frequency: 'daily', day_of_week: null }, ['late@example.com']);
      // Down from Tuesday to Saturday noon: five 07:00s went by.
      clock = Date.parse('2027-05-08T12:00:00Z');
      await round();
      const runs = await runsOf(schedule.id);
      expect(runs.map((r) => [r.due_at, r.status])).toEqual([['2027-05-08T06:00:00.000Z', 'sent']]);
      expect(mailTo('late@example.com')).toHaveLength(1);
      expect((await scheduleOf(schedule.id)).next_due_at).toBe('2027-05-09T06:00:00.000Z');
    });

    it('tries again with backoff while the mail server refuses, and sends each recipient once when it takes the mail', async () => {
      clock = Date.parse('2027-06-01T10:00:00Z');
      const schedule = await createSchedule({ ...weekly }, ['one@example.com', 'two@example.com']);
      refused.set('two@example.com', 'Mailbox busy, try later');
      const started = (await call(api.sendNow, { params: { id: schedule.id } })).json<ReportRun>();
      expect(started.status).toBe('pending');
      await round();
      let [run] = await runsOf(schedule.id);
      expect(run).toMatchObject({ status: 'pending', attempts: 1, reason_code: 'mail_failed', recipients: ['one@example.com'] });
      expect(run?.reason).toContain('Mailbox busy');
      // 30 s later, the second try; the mail server is still refusing.
      expect(run?.next_attempt_at).toBe(new Date(clock + 30_000).toISOString());
      clock += 30_000;
      await round();
      [run] = await runsOf(schedule.id);
      expect(run).toMatchObject({ status: 'pending', attempts: 2 });
      expect(run?.next_attempt_at).toBe(new Date(clock + 60_000).toISOString());
      refused.clear();
      clock += 60_000;
      await round();
      [run] = await runsOf(schedule.id);
      expect(run).toMatchObject({ status: 'sent', attempts: 3, recipients: ['one@example.com', 'two@example.com'] });
      expect(mailTo('one@example.com')).toHaveLength(1);
      expect(mailTo('two@example.com')).toHaveLength(1);
    });

    it('fails a run after its last try, and tells the owner by email and on the screen when three fail in a row', async () => {
      clock = Date.parse('2027-07-01T10:00:00Z');
      const schedule = await createSchedule({ ...weekly }, ['gone@example.com']);
      refused.set('gone@example.com', 'No such mailbox here');
      for (let failure = 1; failure <= FAILURES_TOLD; failure += 1) {
        await call(api.sendNow, { params: { id: schedule.id } });
        for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt += 1) {
          await round();
          clock += 60 * MINUTE_MS; // past the longest wait between two tries
        }
        const [run] = await runsOf(schedule.id);
        expect(run).toMatchObject({ status: 'failed', attempts: SEND_ATTEMPTS, reason_code: 'mail_failed' });
        expect(run?.reason).toContain('No such mailbox here');
        expect((await scheduleOf(schedule.id)).consecutive_failures).toBe(failure);
        expect(mailTo('owner@fleetco.example')).toHaveLength(failure === FAILURES_TOLD ? 1 : 0);
      }
      const told = mimeParts(mailTo('owner@fleetco.example')[0]?.raw ?? '');
      expect(textOf(told, 'text/plain')).toContain('failed 3 times in a row');
      // Mended: sent again, it goes, and the failures in a row are cleared.
      refused.clear();
      const [failed] = await runsOf(schedule.id);
      const again = await call(api.sendRunAgain, { params: { id: schedule.id, run_id: failed?.id ?? '' } });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'pending', attempts: 0, reason_code: null });
      await round();
      expect((await runsOf(schedule.id))[0]).toMatchObject({ id: failed?.id, status: 'sent' });
      expect((await scheduleOf(schedule.id)).consecutive_failures).toBe(0);
      // A sent run is not sent again.
      const twice = await call(api.sendRunAgain, { params: { id: schedule.id, run_id: failed?.id ?? '' } });
      expect(twice.statusCode).toBe(409);
    });

    it('skips a run with nobody to send to, and says why', async () => {
      clock = Date.parse('2027-08-02T10:00:00Z');
      const schedule = await createSchedule({ ...weekly }, []);
      await call(api.sendNow, { params: { id: schedule.id } });
      await round();
      expect((await runsOf(schedule.id))[0]).toMatchObject({ status: 'skipped', reason_code: 'no_recipients' });
    });

    it('answers 404 to another tenant sending a schedule or a run, and sends nothing for it', async () => {
      const schedule = await createSchedule({ ...weekly }, ['private@fleetco.example']);
      const [run] = await runsOf(schedule.id);
      const other = otherTenant;
      const now = await call(api.sendNow, { params: { id: schedule.id } }, other, 'netzero');
      expect(now.statusCode).toBe(404);
      const again = await call(api.sendRunAgain, { params: { id: schedule.id, run_id: run?.id ?? schedule.id } }, other, 'netzero');
      expect(again.statusCode).toBe(404);
      expect(await runsOf(schedule.id)).toEqual([]);
    });

    // PGlite is one process's database: two processes share a PostgreSQL server only.
    if (backend.name === 'postgres')
      it('sends a due schedule once when two server processes share the database', async () => {
        const secondDb = openPostgres(backend.connectionString?.(db) ?? '', 4);
        const second = await createTestApp(secondDb, {
          now: () => clock,
          env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` },
        });
        try {
          clock = Date.parse('2027-09-06T05:00:00Z'); // Monday
          const schedule = await createSchedule({ ...weekly }, ['once@example.com', 'twice@example.com']);
          clock = Date.parse('2027-09-06T06:00:05Z');
          await Promise.all([round(), second.graph.scheduler.runNow(JOB), round(), second.graph.scheduler.runNow(JOB)]);
          await Promise.all([round(), second.graph.scheduler.runNow(JOB)]);
          expect(mailTo('once@example.com')).toHaveLength(1);
          expect(mailTo('twice@example.com')).toHaveLength(1);
          expect((await runsOf(schedule.id)).map((r) => r.status)).toEqual(['sent']);
        } finally {
          await second.app.close();
          await secondDb.close();
        }
      });

    if (backend.name === 'postgres')
      it('leaves the due schedules to the process that sends them when REPORT_DELIVERY is off', async () => {
        const answeringDb = openPostgres(backend.connectionString?.(db) ?? '', 4);
        const answering = await createTestApp(answeringDb, {
          now: () => clock,
          env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, REPORT_DELIVERY: 'off' },
        });
        try {
          expect(answering.graph.scheduler.names()).not.toContain(JOB);
          expect(graph.scheduler.names()).toContain(JOB);
          clock = Date.parse('2027-10-04T05:00:00Z'); // Monday
          const schedule = await createSchedule({ ...weekly }, ['left@example.com']);
          clock = Date.parse('2027-10-04T06:00:05Z');
          // Every job of the answering process, one round each: none of them claims or sends the report.
          for (const name of answering.graph.scheduler.names()) await answering.graph.scheduler.runNow(name);
          expect(await runsOf(schedule.id)).toEqual([]);
          expect(mailTo('left@example.com')).toHaveLength(0);
          await round();
          expect(mailTo('left@example.com')).toHaveLength(1);
        } finally {
          await answering.app.close();
          await answeringDb.close();
        }
      });
  });
}

describe('errorText', () => {
  it('keeps a render ticket out of what the history and the log are told', () => {
    const error = new Error(
      'page.goto: Timeout 60000ms exceeded.\nnavigating to "http://127.0.0.1:3000/report_fleet?week=2026-W46#render_ticket=eyJhbGciOi.x.y&tenant=fleetco"',
    );
    expect(errorText(error)).toBe('page.goto: Timeout 60000ms exceeded.');
    const oneLine = new Error('failed at http://127.0.0.1:3000/report_kpi#render_ticket=eyJ.a.b&tenant=fleetco');
    expect(errorText(oneLine)).toBe('failed at http://127.0.0.1:3000/report_kpi#render_ticket=…&tenant=fleetco');
    expect(new PdfRenderTimeoutError('http://127.0.0.1:3000/report_kpi#render_ticket=eyJ.a.b', 60_000).message).not.toContain('eyJ');
  });
});
