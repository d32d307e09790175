import type { FleetReport, KpiReport } from '@gridlens/contract/fleet-reports';
import type { PowerReport } from '@gridlens/contract/power-readings';
import { languageTag } from '@gridlens/domain/language';
import { reportRoutePath, type RunPeriod } from '@gridlens/domain/reports/run-period';
import type { ReportFormat, ReportKind } from '@gridlens/domain/reports/schedules';
import { RENDER_SUBJECT, type RenderTickets } from '../../auth/render-tickets';
import type { PdfRenderer } from './pdf-renderer';
import type { ReportData } from './report-data';
import { reportSheets } from './report-sheets';
import { fileNamePart, reportCsvFiles, reportXlsx, type SpreadsheetFile, type SpreadsheetLocale } from './report-spreadsheets';

/** One render, opening the page to the last PDF byte. */
export const RENDER_TIMEOUT_MS = 60_000;
/** The selector a report page shows once its data is drawn (apps/web report pages). */
export const REPORT_READY_SELECTOR = '[data-report-ready]';
/** The KPI report's weeks, as /report_kpi shows them. */
const KPI_WEEKS = 24;
export const PDF_CONTENT_TYPE = 'application/pdf';

/** The reports' data, read through the services of the screens that show them. */
export interface ReportSources {
  fleet(tenantId: string, userId: string, query: { week?: string; customer?: string }): Promise<FleetReport>;
  kpi(tenantId: string, userId: string, weeks: number): Promise<KpiReport>;
  power(tenantId: string, userId: string, day: string): Promise<PowerReport>;
}

/** A report of a period: what a scheduled delivery sends and a stored report's download answers. */
export interface ReportOfPeriod {
  tenantId: string;
  report: ReportKind;
  period: RunPeriod;
  customerId: string | null;
}

/** A file of a report: its name (the report's title and period, in the language), media type and bytes. */
export type ReportFile = SpreadsheetFile;

/** No PDF, because this process does not listen yet where its browser would load the report's page. */
export class ReportPagesUnreachableError extends Error {
  constructor() {
    super('The server was not listening yet, so its report pages could not be printed');
    this.name = 'ReportPagesUnreachableError';
  }
}

export interface ReportFilesDeps {
  sources: ReportSources;
  renderer: PdfRenderer;
  tickets: RenderTickets;
  /** This process's own address, where its browser loads report pages; null until the server listens. */
  renderBase: () => string | null;
}

/**
 * A report of a period made into files, the one way for the schedule runner and the download alike: its data read
 * through the screens' services, its sheets in the language (`reportSheets`), the CSV and XLSX written from them,
 * and the PDF printed from the report's own page by this process's browser with a render ticket. The data is the
 * tenant's, not a user's: it is read as the renderer's subject, as the printed page reads it.
 */
export function createReportFiles(deps: ReportFilesDeps) {
  async function data(of: ReportOfPeriod): Promise<ReportData> {
    const { tenantId, period } = of;
    if (period.kind === 'day') return { kind: 'power', data: await deps.sources.power(tenantId, RENDER_SUBJECT, period.day) };
    if (of.report === 'kpi') return { kind: 'kpi', data: await deps.sources.kpi(tenantId, RENDER_SUBJECT, KPI_WEEKS) };
    const query = of.customerId ? { week: period.week, customer: of.customerId } : { week: period.week };
    return { kind: 'fleet', data: await deps.sources.fleet(tenantId, RENDER_SUBJECT, query) };
  }

  /**
   * The report's page printed: raises ReportPagesUnreachableError before the server listens, the renderer's
   * PdfRendererUnavailableError without a browser and PdfRenderTimeoutError past RENDER_TIMEOUT_MS.
   */
  async function pdf(of: ReportOfPeriod, locale: SpreadsheetLocale): Promise<Buffer> {
    const base = deps.renderBase();
    if (!base) throw new ReportPagesUnreachableError();
    const ticket = await deps.tickets.mint(of.tenantId, RENDER_TIMEOUT_MS + 30_000);
    const fragment = new URLSearchParams({ render_ticket: ticket, tenant: of.tenantId, lang: locale.language });
    return deps.renderer.render({
      url: `${base}${reportRoutePath(of.report, of.period, of.customerId)}#${fragment.toString()}`,
      headers: { 'x-report-render': '1' },
      timeoutMs: RENDER_TIMEOUT_MS,
      waitFor: REPORT_READY_SELECTOR,
      timeZone: locale.timeZone,
      locale: languageTag(locale.language),
    });
  }

  /** One format of the report as its files: the printed PDF, one CSV per sheet, or the XLSX workbook. */
  async function files(of: ReportOfPeriod, report: ReportData, locale: SpreadsheetLocale, format: ReportFormat): Promise<ReportFile[]> {
    const tables = reportSheets({ ...report, language: locale.language });
    switch (format) {
      case 'pdf':
        return [{ filename: `${fileNamePart(tables.title)}.pdf`, contentType: PDF_CONTENT_TYPE, content: await pdf(of, locale) }];
      case 'csv':
        return reportCsvFiles(tables, locale);
      case 'xlsx':
        return [await reportXlsx(tables, locale)];
    }
  }

  return { data, pdf, files };
}
export type ReportFiles = ReturnType<typeof createReportFiles>;
