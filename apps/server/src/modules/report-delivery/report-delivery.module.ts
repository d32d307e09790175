import type { FastifyBaseLogger } from 'fastify';
import type { RenderTickets } from '../../auth/render-tickets';
import { createMailTransport, type MailTransport, type SmtpSettings } from '../../mail/mail-transport';
import { routesPlugin, type ServerModule } from '../../server-module';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer';
import { registerReportDeliveryRoutes } from './report-delivery.routes';
import { createReportDownload, type StoredReports } from './report-download';
import { createReportFiles, type ReportSources } from './report-files';
import { createReportRunner, type RunnerRuns } from './report-runner';

/** Looks for due schedules and runs this often: a report leaves within about this long of its time. */
export const REPORT_POLL_MS = 10_000;

interface Deps {
  runs: RunnerRuns;
  /** Report management's stored reports, read for their download. */
  storedReports: StoredReports;
  sources: ReportSources;
  tenantName: (tenantId: string) => Promise<string>;
  smtp: SmtpSettings | null;
  /** Tests give a transport of their own (a loopback SMTP server's); otherwise SMTP_URL's. */
  transport?: MailTransport;
  chromiumPath: string;
  /** False: this process sends no scheduled report (REPORT_DELIVERY=off); it still makes a download's files. */
  runsSchedules?: boolean;
  /** Tests give a renderer of their own; otherwise one Chromium at `chromiumPath`, started at the first PDF. */
  renderer?: PdfRenderer;
  tickets: RenderTickets;
  publicUrl: string;
  attachmentLimitBytes: number;
  now: () => number;
  log: FastifyBaseLogger;
}

/**
 * Report delivery (issue 29): the schedule runner, a job of the one scheduler; the PDF renderer, spreadsheets and
 * emails it uses; and the download of a stored report as one of those files. No tables of its own: the runs and the
 * stored reports are report management's, claimed through its `runs` and read through its `storedReports`.
 */
export function createReportDeliveryModule(deps: Deps) {
  let renderBase: string | null = null;
  const renderer = deps.renderer ?? createPdfRenderer({ executablePath: deps.chromiumPath });
  const mail = deps.smtp ? { transport: deps.transport ?? createMailTransport(deps.smtp), from: deps.smtp.from } : null;
  const files = createReportFiles({ sources: deps.sources, renderer, tickets: deps.tickets, renderBase: () => renderBase });
  const runner = createReportRunner({ ...deps, mail, files });
  const download = createReportDownload({ storedReports: deps.storedReports, files });
  return {
    name: 'report-delivery',
    api: routesPlugin((app) => registerReportDeliveryRoutes(app, download)),
    jobs:
      deps.runsSchedules === false
        ? []
        : [{ name: 'report-deliveries', everyMs: REPORT_POLL_MS, run: async () => void (await runner.runDue()) }],
    runner,
    /** Where this process answers (its own loopback address): its browser loads the report pages there. */
    listeningAt(url: string): void {
      renderBase = url.replace(/\/$/, '');
    },
    /** Closes the browser, if one was started: nothing of it is left running. */
    close: () => renderer.close(),
  } satisfies ServerModule & { runner: unknown; listeningAt: unknown; close: unknown };
}
export type ReportDeliveryModule = ReturnType<typeof createReportDeliveryModule>;
