import type { FastifyBaseLogger } from 'fastify';
import type { RunReason } from '@gridlens/contract/report-schedules';
import { periodStartOf, reportRoutePath, runPeriodOf } from '@gridlens/domain/reports/run-period';
import { nextDueAfter, type ReportFormat } from '@gridlens/domain/reports/schedules';
import type { MailAttachment, MailTransport } from '../../mail/mail-transport';
import { retryDelaySeconds } from '../../mail/retry-delay';
import { RENDER_SUBJECT } from '../../auth/render-tickets';
import type { ClaimedRunRow, DueScheduleRow, ReportRunsRepository, RunOutcome } from '../report-schedules/report-schedules.module';
import { PdfRendererUnavailableError } from './pdf-renderer';
import { failingScheduleEmail } from './failing-schedule-email';
import { reportLink, sendReportEmails } from './report-email';
import { attentionOf } from './report-attention';
import type { ReportData } from './report-data';
import { ReportPagesUnreachableError, type ReportFiles, type ReportOfPeriod } from './report-files';
import { reportHeading } from './report-heading';

/** Tries of one run's emails before it is failed for good: 30 s, 1, 2 and 4 minutes apart (about 8 minutes in all). */
export const SEND_ATTEMPTS = 5;
/** Failed runs in a row after which the schedule's owner is told. */
export const FAILURES_TOLD = 3;
/** How long a claimed run is this process's: longer than any one delivery takes, short enough to recover from a crash. */
const LEASE_MS = 10 * 60_000;
/** Runs claimed at a time, and sent at once: the PDF renderer prints two pages at a time. */
const CLAIM_BATCH = 10;
const AT_ONCE = 2;
/** The order of a delivery's files: the PDF first, then the spreadsheets. */
const FORMAT_ORDER: readonly ReportFormat[] = ['pdf', 'csv', 'xlsx'];

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
  /** A report of a period made into files (report-files.ts), as a download makes it too. */
  files: ReportFiles;
  tenantName: (tenantId: string) => Promise<string>;
  /** The mail server; null when SMTP_URL is unset (a run then fails, saying so). */
  mail: { transport: MailTransport; from: string } | null;
  /** PUBLIC_URL: the links in the emails. */
  publicUrl: string;
  attachmentLimitBytes: number;
  now: () => number;
  log: FastifyBaseLogger;
}

/**
 * An error's first line for the delivery history and the log, with any render ticket taken out: the browser's own
 * errors name the page they were loading, fragment and all.
 */
export const errorText = (error: unknown) =>
  ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '')
    .replace(/render_ticket=[^&\s]+/g, 'render_ticket=…')
    .slice(0, 500);

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

  /** The files of the formats the schedule asks for; a PDF that could not be printed is left out, with why. */
  async function attachmentsOf(run: ClaimedRunRow, of: ReportOfPeriod, report: ReportData) {
    const locale = { language: run.language, timeZone: run.time_zone };
    const files: MailAttachment[] = [];
    const formats: ReportFormat[] = [];
    let pdfMissing: string | null = null;
    for (const format of FORMAT_ORDER.filter((f) => run.formats.includes(f))) {
      try {
        files.push(...(await deps.files.files(of, report, locale, format)));
        formats.push(format);
      } catch (error) {
        if (format !== 'pdf') throw error;
        const expected = error instanceof PdfRendererUnavailableError || error instanceof ReportPagesUnreachableError;
        if (!expected) log.warn({ run: run.id, err: errorText(error) }, 'report PDF not printed');
        pdfMissing = errorText(error);
      }
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
    const of: ReportOfPeriod = { tenantId: run.tenant_id, report: run.report, period, customerId: run.customer_id };
    let report: ReportData;
    try {
      report = await deps.files.data(of);
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
    const { files, formats, pdfMissing } = await attachmentsOf(run, of, report);
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
      const periodStart = periodStartOf(period);
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
