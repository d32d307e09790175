import { zipSync } from 'fflate';
import { REPORT_FILE_TYPES } from '@gridlens/contract/report-schedules';
import type { Language } from '@gridlens/domain/language';
import { storedReportPeriod } from '@gridlens/domain/reports/run-period';
import type { ReportFormat } from '@gridlens/domain/reports/schedules';
import { HttpError, notFound } from '../../http/http-error';
import type { StoredReportRow } from '../report-schedules/report-schedules.module';
import { PdfRendererUnavailableError, PdfRenderTimeoutError } from './pdf-renderer';
import { reportTimeZone } from './report-data';
import { ReportPagesUnreachableError, type ReportFile, type ReportFiles, type ReportOfPeriod } from './report-files';
import { reportSheets } from './report-sheets';
import { fileNamePart } from './report-spreadsheets';

/** Report management's stored reports (its table): one of the tenant's own, or null. */
export interface StoredReports {
  find(tenantId: string, id: string): Promise<Pick<StoredReportRow, 'kind' | 'period_start' | 'customer_id'> | null>;
}

interface Deps {
  storedReports: StoredReports;
  files: ReportFiles;
}

/** The files as one ZIP, each entry under its own name (dated now: the files are made now). */
const zipped = (files: readonly ReportFile[]) =>
  Buffer.from(zipSync(Object.fromEntries(files.map((file) => [file.filename, new Uint8Array(file.content)]))));

/** Why no PDF: this server has no browser to print with, or the page did not print in time. */
function pdfUnavailable(error: unknown): never {
  if (error instanceof PdfRendererUnavailableError || error instanceof ReportPagesUnreachableError)
    throw new HttpError(503, 'pdf_unavailable', `This server cannot print the report as a PDF: ${error.message}`);
  if (error instanceof PdfRenderTimeoutError)
    throw new HttpError(503, 'pdf_unavailable', 'The report’s page did not print in time; try again in a moment');
  throw error;
}

/**
 * A stored report as one file, made now from the data of its period as the schedule runner makes it
 * (report-files.ts), in the language asked for and the tenant's zone, which the report's data was read in. CSV
 * holds one table: a report of one sheet is that CSV, a report of several is a ZIP of one CSV per sheet.
 */
export function createReportDownload({ storedReports, files }: Deps) {
  return async (tenantId: string, id: string, format: ReportFormat, language: Language): Promise<ReportFile> => {
    const stored = await storedReports.find(tenantId, id);
    if (!stored) throw notFound('Report');
    const of: ReportOfPeriod = {
      tenantId,
      report: stored.kind,
      period: storedReportPeriod(stored.kind, stored.period_start),
      customerId: stored.customer_id === '' ? null : stored.customer_id,
    };
    const report = await files.data(of);
    const made = await files.files(of, report, { language, timeZone: reportTimeZone(report) }, format).catch(pdfUnavailable);
    const [only] = made;
    if (made.length === 1 && only) return only;
    const title = fileNamePart(reportSheets({ ...report, language }).title);
    return { filename: `${title} (CSV).zip`, contentType: REPORT_FILE_TYPES.zip, content: zipped(made) };
  };
}
export type ReportDownload = ReturnType<typeof createReportDownload>;
