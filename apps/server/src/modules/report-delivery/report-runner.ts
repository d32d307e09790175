import type { FastifyBaseLogger } from 'fastify';
import type { FleetReport, KpiReport } from '@gridlens/contract/fleet-reports';
import type { PowerReport } from '@gridlens/contract/power-readings';
import type { RunReason } from '@gridlens/contract/report-schedules';
import { languageTag } from '@gridlens/domain/language';
import { mondayOfIsoWeek } from '@gridlens/domain/reports/iso-week';
import { reportRoutePath, runPeriodOf, type RunPeriod } from '@gridlens/domain/reports/run-period';
import { nextDueAfter, type ReportFormat } from '@gridlens/domain/reports/schedules';
import type { MailAttachment, MailTransport } from '../../mail/mail-transport';
import { retryDelaySeconds } from '../../mail/retry-delay';
import { RENDER_SUBJECT, type RenderTickets } from '../../auth/render-tickets';
import type { ClaimedRunRow, DueScheduleRow, ReportRunsRepository, RunOutcome } from '../report-schedules/report-schedules.module';
import { PdfRendererUnavailableError, type PdfRenderer } from './pdf-renderer';
import { failingScheduleEmail } from './failing-schedule-email';
import { reportLink, sendReportEmails } from './report-email';
import { attentionOf } from './report-attention';
import type { ReportData } from './report-data';
import { reportHeading } from './report-heading';
import { reportSheets } from './report-sheets';
import { CSV_CONTENT_TYPE, reportCsvFiles, reportXlsx } from './report-spreadsheets';

/** Tries of one run's emails before it is failed for good: 30 s, 1, 2 and 4 minutes apart (about 8 minutes in all). */
export const SEND_ATTEMPTS = 5;
/** Failed runs in a row after which the schedule's owner is told. */
export const FAILURES_TOLD = 3;
/** How long a claimed run is this process's: longer than any one delivery takes, short enough to recover from a crash. */
const LEASE_MS = 10 * 60_000;
/** Runs claimed at a time, and sent at once: the PDF renderer prints two pages at a time. */
const CLAIM_BATCH = 10;
const AT_ONCE = 2;
/** One render, opening the page to the last PDF byte. */
export const RENDER_TIMEOUT_MS = 60_000;
/** The selector a report page shows once its data is drawn (apps/web report pages). */
export const REPORT_READY_SELECTOR = '[data-report-ready]';
/** The KPI report's weeks, as /report_kpi shows them. */
const KPI_WEEKS = 24;

/** The reports' data, read through the services of the screens that show them. */
export interface ReportSources {
  fleet(tenantId: string, userId: string, query: { week?: string; customer?: string }): Promise<FleetReport>;
  kpi(tenantId: string, userId: string, weeks: number): Promise<KpiReport>;
  power(tenantId: string, userId: string, day: string): Promise<PowerReport>;
}

export type RunnerRuns = Pick<
  ReportRunsRepository,
  'claimDueSchedules' | 'claimDueRuns' | 'recipients' | 'finish' | 'retryLater' | 'countOutcome'
> & {
  storeReport(
    tenantId: string,
    kind: 'fleet' | 'kpi' | 'power',
    periodStart: string,
    customerId: string | null,
    by: string,
  ): Promise<unknown>;
};

export interface ReportRunnerDeps {
  runs: RunnerRuns;
  sources: ReportSources;
  tenantName: (tenantId: string) => Promise<string>;
  /** The mail server; null when SMTP_URL is unset (a run then fails, saying so). */
  mail: { transport: MailTransport; from: string } | null;
  renderer: PdfRenderer;
  tickets: RenderTickets;
  /** This process's own address, where its browser loads report pages; null until the server listens. */
  renderBase: () => string | null;
  /** PUBLIC_URL: the links in the emails. */
  publicUrl: string;
  attachmentLimitBytes: number;
  now: () => number;
  log: FastifyBaseLogger;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 500) ?? '';

/** The due time a schedule is claimed for, and the next: a gap while the server was down is caught up once, with its latest due time. */
export function dueTimesAt(nowMs: number) {
  return (schedule: DueScheduleRow) => {
    let claimFor = new Date(schedule.next_due_at).getTime();
    for (let next = nextDueAfter(schedule, claimFor); next <= nowMs; next = nextDueAfter(schedule, next)) claimFor = next;
    return { claimFor, next: nextDueAfter(schedule, Math.max(claimFor, nowMs)) };
  };
}

/**
 * The report schedules' runner: each round claims the schedules that fell due (one run each) and sends the runs
 * whose attempt is due. A run's report is read for the period before its due time, written as the formats the
 * schedule asks for (the PDF printed from the report's own page by this process's browser), and emailed to each
 * recipient once; a mail failure is tried again with backoff, then recorded as failed. Decisions in
 * docs/decisions.md "The report schedule runner".
 */
export function createReportRunner(deps: ReportRunnerDeps) {
  const { runs, log, now } = deps;

  async function reportData(run: ClaimedRunRow, period: RunPeriod): Promise<ReportData> {
    if (period.kind === 'day') return { kind: 'power', data: await deps.sources.power(run.tenant_id, RENDER_SUBJECT, period.day) };
    if (run.report === 'kpi') return { kind: 'kpi', data: await deps.sources.kpi(run.tenant_id, RENDER_SUBJECT, KPI_WEEKS) };
    const query = run.customer_id ? { week: period.week, customer: run.customer_id } : { week: period.week };
    return { kind: 'fleet', data: await deps.sources.fleet(run.tenant_id, RENDER_SUBJECT, query) };
  }

  /** The PDF of the report's page, or why there is none. */
  async function pdfOf(run: ClaimedRunRow, path: string): Promise<{ pdf: Buffer } | { missing: string }> {
    const base = deps.renderBase();
    if (!base) return { missing: 'The server was not listening yet, so its report pages could not be printed' };
    const ticket = await deps.tickets.mint(run.tenant_id, RENDER_TIMEOUT_MS + 30_000);
    const fragment = new URLSearchParams({ render_ticket: ticket, tenant: run.tenant_id, lang: run.language });
    try {
      const pdf = await deps.renderer.render({
        url: `${base}${path}#${fragment.toString()}`,
        headers: { 'x-report-render': '1' },
        timeoutMs: RENDER_TIMEOUT_MS,
        waitFor: REPORT_READY_SELECTOR,
        timeZone: run.time_zone,
        locale: languageTag(run.language),
      });
      return { pdf };
    } catch (error) {
      if (!(error instanceof PdfRendererUnavailableError)) log.warn({ run: run.id, err: errorText(error) }, 'report PDF not printed');
      return { missing: errorText(error) };
    }
  }

  async function attachmentsOf(run: ClaimedRunRow, report: ReportData, path: string) {
    const locale = { language: run.language, timeZone: run.time_zone };
    const tables = reportSheets({ ...report, language: run.language });
    const files: MailAttachment[] = [];
    const formats: ReportFormat[] = [];
    let pdfMissing: string | null = null;
    if (run.formats.includes('pdf')) {
      const printed = await pdfOf(run, path);
      if ('pdf' in printed) {
        files.push({ filename: `${tables.title}.pdf`, contentType: 'application/pdf', content: printed.pdf });
        formats.push('pdf');
      } else pdfMissing = printed.missing;
    }
    if (run.formats.includes('csv')) {
      for (const file of reportCsvFiles(tables, locale)) files.push({ ...file, contentType: CSV_CONTENT_TYPE });
      formats.push('csv');
    }
    if (run.formats.includes('xlsx')) {
      files.push(await reportXlsx(tables, locale));
      formats.push('xlsx');
    }
    return { files, formats, pdfMissing };
  }

  const atIso = () => new Date(now()).toISOString();

  /** Ends a run and counts it on its schedule; the third failure in a row tells the owner. */
  async function finish(run: ClaimedRunRow, outcome: RunOutcome): Promise<void> {
    await runs.finish(run.tenant_id, run.id, outcome, atIso());
    const counted = await runs.countOutcome(run.tenant_id, run.schedule_id, outcome.status === 'failed');
    if (outcome.status === 'failed' && counted.failures === FAILURES_TOLD) await tellOwner(run, outcome, counted.ownerEmail);
  }

  async function tellOwner(run: ClaimedRunRow, outcome: RunOutcome, ownerEmail: string | null): Promise<void> {
    log.warn({ schedule: run.schedule_id, tenant: run.tenant_id, failures: FAILURES_TOLD }, 'report schedule failing');
    if (!deps.mail || !ownerEmail) return; // the screen says it all the same (consecutive_failures)
    const email = failingScheduleEmail({
      language: run.language,
      report: run.report,
      failures: FAILURES_TOLD,
      reason: outcome.reason ?? outcome.reasonCode ?? '',
      link: reportLink(deps.publicUrl, '/report'),
    });
    await deps.mail.transport
      .sendMail({ from: deps.mail.from, to: { name: ownerEmail, address: ownerEmail }, ...email })
      .catch((error: unknown) => log.warn({ schedule: run.schedule_id, err: errorText(error) }, 'failing-schedule email not sent'));
  }

  const outcome = (
    status: RunOutcome['status'],
    reasonCode: RunReason | null,
    reason: string | null,
    more: Partial<RunOutcome> = {},
  ): RunOutcome => ({ status, sentAt: null, recipients: [], formats: [], reasonCode, reason, pdfMissing: null, ...more });

  async function deliver(run: ClaimedRunRow): Promise<void> {
    const recipients = await runs.recipients(run.tenant_id, run.schedule_id);
    if (recipients.length === 0) return finish(run, outcome('skipped', 'no_recipients', 'The schedule has no recipients'));
    const period = runPeriodOf(run.report, new Date(run.due_at).getTime(), run.time_zone);
    let report: ReportData;
    try {
      report = await reportData(run, period);
    } catch (error) {
      log.error({ run: run.id, err: error }, 'report data not read');
      return finish(run, outcome('failed', 'report_failed', errorText(error)));
    }
    // A delivery asked for by hand goes whatever the figures say.
    if (run.only_when_attention && !run.manual && !attentionOf(report).needsAttention) {
      return finish(run, outcome('skipped', 'nothing_needs_attention', null));
    }
    if (!deps.mail) return finish(run, outcome('failed', 'mail_not_configured', 'SMTP_URL is not set on the server'));
    const path = reportRoutePath(run.report, period, run.customer_id);
    const heading = reportHeading({ ...report, language: run.language });
    const { files, formats, pdfMissing } = await attachmentsOf(run, report, path);
    const tenantName = await deps.tenantName(run.tenant_id);
    const waiting = recipients.filter((r) => !run.sent_to.includes(r.email));
    const sent = await sendReportEmails({
      transport: deps.mail.transport,
      from: deps.mail.from,
      recipients: waiting,
      email: {
        language: run.language,
        reportTitle: heading.title,
        periodLabel: heading.period,
        tenantName,
        link: reportLink(deps.publicUrl, path),
        attachments: files,
        attachmentLimitBytes: deps.attachmentLimitBytes,
        pdfMissing: pdfMissing !== null,
      },
    });
    const sentTo = [...run.sent_to, ...sent.sent];
    if (sent.failed.length === 0) {
      const periodStart = period.kind === 'day' ? period.day : mondayOfIsoWeek(period.week);
      if (periodStart) await runs.storeReport(run.tenant_id, run.report, periodStart, run.customer_id, RENDER_SUBJECT);
      return finish(run, outcome('sent', null, null, { sentAt: atIso(), recipients: sentTo, formats, pdfMissing }));
    }
    const reason = sent.failed.map((f) => `${f.email}: ${f.error}`).join('; ');
    if (run.attempts < SEND_ATTEMPTS) {
      const nextAttemptIso = new Date(now() + retryDelaySeconds(run.attempts) * 1000).toISOString();
      log.warn({ run: run.id, attempts: run.attempts, next: nextAttemptIso, err: reason }, 'report email not sent; will retry');
      return runs.retryLater(run.tenant_id, run.id, { nextAttemptIso, sentTo, reasonCode: 'mail_failed', reason, atIso: atIso() });
    }
    return finish(run, outcome('failed', 'mail_failed', reason, { recipients: sentTo, formats, pdfMissing }));
  }

  /** Each run on its own: one that throws is logged and left to its lease, never stopping the others. */
  async function deliverSafely(run: ClaimedRunRow): Promise<void> {
    try {
      await deliver(run);
    } catch (error) {
      log.error({ run: run.id, err: error }, 'report delivery failed; the run is tried again when its claim runs out');
    }
  }

  return {
    /** One round: the schedules due become runs, and the runs due are sent. The number of runs handled. */
    async runDue(): Promise<number> {
      const nowMs = now();
      await runs.claimDueSchedules(new Date(nowMs).toISOString(), 1_000, dueTimesAt(nowMs));
      let handled = 0;
      for (;;) {
        const claimedAt = now();
        const batch = await runs.claimDueRuns(new Date(claimedAt).toISOString(), new Date(claimedAt + LEASE_MS).toISOString(), CLAIM_BATCH);
        for (let i = 0; i < batch.length; i += AT_ONCE) await Promise.all(batch.slice(i, i + AT_ONCE).map(deliverSafely));
        handled += batch.length;
        if (batch.length < CLAIM_BATCH) return handled;
      }
    },
  };
}
export type ReportRunner = ReturnType<typeof createReportRunner>;
