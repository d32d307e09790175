import ExcelJS from 'exceljs';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@gridlens/domain/language';
import type { ReportTables } from '@gridlens/contract/report-tables';
import type { MailAttachment } from '../../mail/mail-transport';
import { reportEmail, reportLink, sendReportEmails, type ReportEmailInput } from './report-email';
import { reportCsvFiles, reportXlsx } from './report-spreadsheets';
import { attachmentsOf, decoded, mimeParts, startSmtp, textOf } from '../../../test/support/smtp-sink';

const tables: ReportTables = {
  title: 'Weekly fleet report',
  sheets: [
    {
      name: 'Silent trackers',
      columns: [
        { key: 'id', label: 'Tracker', kind: 'text' },
        { key: 'days', label: 'Days silent', kind: 'number' },
      ],
      rows: [{ id: 'FT-0042', days: 9.5 }],
    },
  ],
};
const fakePdf = Buffer.from('%PDF-1.7\n% a report\n%%EOF\n', 'latin1');
const LINK = reportLink('https://portal.example.ie/', '/report_fleet?week=2026-W47');

describe('reportEmail', () => {
  const base: ReportEmailInput = {
    language: 'EN',
    reportTitle: 'Weekly fleet report',
    periodLabel: 'week 47, 2026',
    tenantName: 'FleetCo',
    recipientName: 'Aoife',
    link: LINK,
    attachments: [{ filename: 'r.pdf', contentType: 'application/pdf', content: fakePdf }],
    attachmentLimitBytes: 1024,
  };

  it('writes the subject and body in each of the five languages, every placeholder filled, the link in both bodies', () => {
    expect(LINK).toBe('https://portal.example.ie/report_fleet?week=2026-W47');
    const intros = new Set<string>();
    for (const language of LANGUAGES) {
      const email = reportEmail({ ...base, language });
      expect(email.subject).toContain('Weekly fleet report');
      expect(email.subject).toContain('week 47, 2026');
      for (const body of [email.text, email.html]) {
        expect(body, language).not.toContain('{{');
        expect(body, language).toContain('Aoife');
        expect(body, language).toContain('FleetCo');
      }
      expect(email.text).toContain(LINK);
      expect(email.html).toContain(`href="https://portal.example.ie/report_fleet?week=2026-W47"`);
      intros.add(email.text.split('\n\n')[1] ?? '');
    }
    expect(intros.size).toBe(LANGUAGES.length);
  });

  it('escapes what it puts in the HTML, and says when the PDF is missing', () => {
    const email = reportEmail({ ...base, tenantName: '<b>Brady & Sons</b>', pdfMissing: true });
    expect(email.html).toContain('&lt;b&gt;Brady &amp; Sons&lt;/b&gt;');
    expect(email.html).not.toContain('<b>Brady');
    expect(email.text).toContain('The PDF could not be made this time; the spreadsheets are attached.');
  });
});

describe('report emails through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let files: MailAttachment[];
  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true, connectionTimeout: 2_000 });
  const recipients = [
    { name: 'Aoife Byrne', email: 'aoife@example.ie' },
    { name: 'Marek Nowak', email: 'marek@example.pl' },
  ];

  beforeAll(async () => {
    smtp = await startSmtp();
    const locale = { language: 'EN', timeZone: 'Europe/Dublin' } as const;
    files = [
      { filename: 'Weekly fleet report.pdf', contentType: 'application/pdf', content: fakePdf },
      ...reportCsvFiles(tables, locale),
      await reportXlsx(tables, locale),
    ];
  });
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('sends one message per recipient with the PDF, the CSV and the XLSX, each of its content type', async () => {
    const outcome = await sendReportEmails({
      transport: transport(),
      from: 'Gridlens reports <reports@gridlens.test>',
      recipients,
      email: {
        language: 'EN',
        reportTitle: 'Weekly fleet report',
        periodLabel: 'week 47, 2026',
        tenantName: 'FleetCo',
        link: LINK,
        attachments: files,
        attachmentLimitBytes: 10 * 1024 * 1024,
      },
    });
    expect(outcome).toEqual({ sent: ['aoife@example.ie', 'marek@example.pl'], failed: [], attachmentsOmitted: false });
    expect(smtp.received.map((r) => r.to)).toEqual([['aoife@example.ie'], ['marek@example.pl']]);
    const parts = mimeParts(smtp.received[0]!.raw);
    expect(textOf(parts, 'text/plain')).toContain('Hello Aoife Byrne,');
    expect(textOf(parts, 'text/plain')).toContain(LINK);
    expect(textOf(parts, 'text/html')).toContain(`<a href="${LINK}">`);
    expect(smtp.received[0]!.raw).not.toContain('marek@example.pl');
    const attached = attachmentsOf(parts);
    expect(attached.map((p) => p.headers['content-type']?.split(';')[0])).toEqual([
      'application/pdf',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(attached[1]?.headers['content-disposition']).toContain('Weekly fleet report - Silent trackers.csv');
    expect(decoded(attached[0]!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(decoded(attached[1]!).toString('utf8')).toBe('\uFEFFTracker,Days silent\r\nFT-0042,9.50\r\n');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(decoded(attached[2]!) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(2).getCell(1).value).toBe('FT-0042');
    expect(workbook.worksheets[0]?.getRow(2).getCell(2).value).toBe(9.5);
  });

  it('leaves out files over the limit and sends the link with a sentence saying so, in the schedule’s language', async () => {
    // 1 MB allowed; the PDF alone is a little more.
    const bigPdf = Buffer.concat([fakePdf, Buffer.alloc(1024 * 1024)]);
    const limit = 1024 * 1024;
    const outcome = await sendReportEmails({
      transport: transport(),
      from: 'Gridlens reports <reports@gridlens.test>',
      recipients: recipients.slice(0, 1),
      email: {
        language: 'FR',
        reportTitle: 'Rapport hebdomadaire',
        periodLabel: 'semaine 47',
        tenantName: 'FleetCo',
        link: LINK,
        attachments: [{ ...files[0]!, content: bigPdf }, ...files.slice(1)],
        attachmentLimitBytes: limit,
      },
    });
    expect(outcome).toMatchObject({ sent: ['aoife@example.ie'], attachmentsOmitted: true });
    const parts = mimeParts(smtp.received[0]!.raw);
    expect(attachmentsOf(parts)).toEqual([]);
    const text = textOf(parts, 'text/plain');
    expect(text).toContain('Les fichiers de ce rapport dépassent 1 Mo');
    expect(text).toContain(`Ouvrir le rapport dans le portail (connexion requise) : ${LINK}`);
  });

  it('names each recipient whose message could not be sent, with the reason', async () => {
    const outcome = await sendReportEmails({
      transport: nodemailer.createTransport({ host: '127.0.0.1', port: 1, secure: false, ignoreTLS: true, connectionTimeout: 1_000 }),
      from: 'Gridlens reports <reports@gridlens.test>',
      recipients,
      email: {
        language: 'EN',
        reportTitle: 'Weekly fleet report',
        periodLabel: 'week 47',
        tenantName: 'FleetCo',
        link: LINK,
        attachments: [],
        attachmentLimitBytes: 1,
      },
    });
    expect(outcome.sent).toEqual([]);
    expect(outcome.failed.map((f) => f.email)).toEqual(['aoife@example.ie', 'marek@example.pl']);
    expect(outcome.failed[0]?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
