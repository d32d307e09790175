import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchedulesApi as api, type ReportRun, type StoredReport } from '@gridlens/contract/report-schedules';
import { isoWeekOfMonday } from '@gridlens/domain/reports/iso-week';
import { daysBefore, zonedDay } from '@gridlens/domain/time-range';
import { openPglite, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import type { ModuleGraph } from '../../module-graph';
import { inject } from '../../../test/support/inject';
import { pdfPages, pdfText } from '../../../test/support/pdf-text';
import { attachmentsOf, decoded, mimeParts, startSmtp } from '../../../test/support/smtp-sink';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { registerTracker } from '../../../test/support/tracking-fixtures';

/** The web app as `npm run build` leaves it (npm run test:unit builds it first when it is missing). */
const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/**
 * The whole delivery of a PDF: the runner mints a render ticket, this process's own Chromium opens the real report
 * page of the built web app at the process's address, the page signs in with the ticket, draws the report from the
 * API, and is printed; the PDF reaches each recipient through a real SMTP server, or the user who downloads a
 * stored report.
 */
describe('a report’s PDF, printed from its page', () => {
  let db: Database;
  let app: FastifyInstance;
  let graph: ModuleGraph;
  let token: string;
  let issuer: Awaited<ReturnType<typeof createTestApp>>['issuer'];
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    if (!existsSync(`${WEB_DIST}/index.html`)) throw new Error(`No web app at ${WEB_DIST}: run npm run build first`);
    smtp = await startSmtp();
    db = await openPglite(null);
    await migrate(db);
    const created = await createTestApp(db, {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, WEB_DIST_DIR: WEB_DIST, PUBLIC_URL: 'https://portal.example.ie' },
    });
    app = created.app;
    graph = created.graph;
    issuer = created.issuer;
    await app.listen({ port: 0, host: '127.0.0.1' });
    graph.reportDelivery.listeningAt(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    token = await created.issuer.token({ sub: 'owner-1', tenant: 'fleetco' });
    await registerTracker(app, token, 'fleetco', { device_id: 'FT-PDF-0042' });
  });
  afterAll(async () => {
    await graph.reportDelivery.close();
    await app.close();
    await db.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('sends each recipient a valid PDF of the fleet report holding its title and a known tracker, in the schedule’s language', async () => {
    const headers = authHeaders(token, 'fleetco');
    const schedule = (
      await inject(app, api.createSchedule, {
        headers,
        body: { report: 'fleet', frequency: 'weekly', day_of_week: 1, local_time: '07:00', language: 'FR', formats: ['pdf', 'csv'] },
      })
    ).json<{ id: string }>();
    for (const email of ['aoife@example.com', 'brian@example.com'])
      await inject(app, api.addRecipient, { headers, params: { id: schedule.id }, body: { name: email, email } });
    await inject(app, api.sendNow, { headers, params: { id: schedule.id } });
    await graph.scheduler.runNow('report-deliveries');

    const [run] = (await inject(app, api.schedule, { headers, params: { id: schedule.id } })).json<{ runs: ReportRun[] }>().runs;
    expect(run).toMatchObject({ status: 'sent', formats: ['pdf', 'csv'], pdf_missing: null });
    expect(smtp.received.map((m) => m.to)).toEqual([['aoife@example.com'], ['brian@example.com']]);
    for (const message of smtp.received) {
      const pdfPart = attachmentsOf(mimeParts(message.raw)).find((p) => p.headers['content-type']?.startsWith('application/pdf'));
      const pdf = decoded(pdfPart as NonNullable<typeof pdfPart>);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // pdf.js gives the text in runs, split where Chromium set a ligature or a kerned pair: compare without spaces.
      const text = (await pdfText(pdf)).replace(/\s+/g, '');
      expect(text).toContain('Rapportdeflottehebdomadaire');
      expect(text).toContain('FT-PDF-0042');
      expect(text).toContain('FleetCo');
    }
  }, 120_000);

  it('downloads a stored week as the PDF of its page, in the language asked for, named by the report and its week', async () => {
    const headers = authHeaders(token, 'fleetco');
    // Last week, whatever the day the test runs: any day of it names it (the tenants' calendar is UTC in tests).
    const added = await inject(app, api.addReport, { headers, body: { kind: 'fleet', week: daysBefore(zonedDay(Date.now(), 'UTC'), 7) } });
    expect(added.statusCode, added.body).toBe(201);
    const report = added.json<StoredReport>();
    const week = isoWeekOfMonday(report.week ?? '');

    const answer = await inject(app, api.reportFile, { headers, params: { id: report.id, format: 'pdf' }, query: { language: 'ES' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Informe semanal de flota ${week}.pdf`)}`,
    );
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfText(answer.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('Informesemanaldeflota');
    expect(text).toContain(week);
    expect(text).toContain('FT-PDF-0042');
  }, 120_000);

  it('prints the daily power report landscape, with the tenant, the day and the time zone on every page and every column', async () => {
    const powerToken = await issuer.token({ sub: 'owner-2', tenant: 'netzero' });
    const headers = authHeaders(powerToken, 'netzero');
    const added = await inject(app, api.addReport, { headers, body: { kind: 'power', day: daysBefore(zonedDay(Date.now(), 'UTC'), 1) } });
    expect(added.statusCode, added.body).toBe(201);
    const answer = await inject(app, api.reportFile, { headers, params: { id: added.json<StoredReport>().id, format: 'pdf' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const pages = await pdfPages(answer.rawPayload);
    // The demo's transformers take more than one page; each is A4 landscape (842 × 595 points).
    expect(pages.length).toBeGreaterThan(1);
    const [tenant] = await db.query<{ name: string }>("SELECT name FROM tenants WHERE id = 'netzero'");
    for (const page of pages) {
      expect(page.width).toBeGreaterThan(page.height);
      const text = page.text.replace(/\s+/g, '');
      expect(text).toContain((tenant?.name ?? '').replace(/\s+/g, ''));
      expect(text).toContain('Timezone:UTC');
    }
    // The last column of the devices table (missed messages) is on the page, not cut off at its edge.
    expect(pages.map((p) => p.text).join(' ')).toContain('Missed messages');
  }, 120_000);
});
