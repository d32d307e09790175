import { languageTag, normaliseLanguage } from '@gridlens/domain/language';
import { formatNumber } from '@gridlens/domain/number-format';
import { translatorFor } from '@gridlens/i18n/translator';
import type { MailAttachment, MailMessage, MailTransport } from '../../mail/mail-transport';

export interface ReportEmailInput {
  /** The schedule's language (EN, GA, FR, ES, PL; anything else is English). */
  language: string;
  /** The report's name and period, already in that language ("Weekly fleet report", "week 47, 2026"). */
  reportTitle: string;
  periodLabel: string;
  tenantName: string;
  recipientName: string;
  /** The report in the portal (reportLink): the way to it when the files are too large, and always given. */
  link: string;
  attachments: readonly MailAttachment[];
  /** Above this total the files are left out and the email says so (REPORT_ATTACHMENT_LIMIT_MB). */
  attachmentLimitBytes: number;
  /** The PDF could not be made (no browser, a timeout): the email says the spreadsheets come alone. */
  pdfMissing?: boolean;
}

export interface ReportEmail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  /** The files were over the limit and left out. */
  attachmentsOmitted: boolean;
}

/** An address in the portal for a report path ("/report_fleet?week=2026-W47"), on PUBLIC_URL as alert emails build theirs. */
export function reportLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Subject, plain text, simple HTML and files of a report email, in the schedule's language. */
export function reportEmail(input: ReportEmailInput): ReportEmail {
  const language = normaliseLanguage(input.language);
  const t = translatorFor(language);
  const tag = languageTag(language);
  const totalBytes = input.attachments.reduce((sum, file) => sum + file.content.byteLength, 0);
  const attachmentsOmitted = totalBytes > input.attachmentLimitBytes;
  const attachments = attachmentsOmitted ? [] : [...input.attachments];
  const limitMb = input.attachmentLimitBytes / (1024 * 1024);
  const values = {
    report: input.reportTitle,
    period: input.periodLabel,
    tenant: input.tenantName,
    name: input.recipientName,
    link: input.link,
    files: new Intl.ListFormat(tag, { type: 'conjunction' }).format(attachments.map((file) => file.filename)),
    limit: formatNumber(limitMb, tag, Number.isInteger(limitMb) ? 0 : 1),
  };
  const aboutFiles = attachmentsOmitted
    ? [t('reportDelivery.email.tooLarge', values)]
    : [
        ...(attachments.length > 0 ? [t('reportDelivery.email.attached', values)] : []),
        ...(input.pdfMissing ? [t('reportDelivery.email.pdfMissing')] : []),
      ];
  const paragraphs = [t('reportDelivery.email.greeting', values), t('reportDelivery.email.intro', values), ...aboutFiles];
  const footer = t('reportDelivery.email.footer');
  const text = [...paragraphs, t('reportDelivery.email.open', values), footer].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t('reportDelivery.email.openLink'))}</a><br>${escapeHtml(t('reportDelivery.email.signIn'))}</p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { subject: t('reportDelivery.email.subject', values), text, html, attachments, attachmentsOmitted };
}

export interface ReportRecipient {
  name: string;
  email: string;
}

export interface ReportSendOutcome {
  sent: string[];
  failed: { email: string; error: string }[];
  attachmentsOmitted: boolean;
}

/**
 * One email per recipient, so that no recipient sees another's address; a recipient whose send failed is named
 * with the mail server's answer, for the runner to retry and to write in the delivery history.
 */
export async function sendReportEmails({
  transport,
  from,
  recipients,
  email,
}: {
  transport: MailTransport;
  from: string;
  recipients: readonly ReportRecipient[];
  email: Omit<ReportEmailInput, 'recipientName'>;
}): Promise<ReportSendOutcome> {
  const outcome: ReportSendOutcome = { sent: [], failed: [], attachmentsOmitted: false };
  for (const recipient of recipients) {
    const built = reportEmail({ ...email, recipientName: recipient.name });
    outcome.attachmentsOmitted = built.attachmentsOmitted;
    const message: MailMessage = {
      from,
      to: { name: recipient.name, address: recipient.email },
      subject: built.subject,
      text: built.text,
      html: built.html,
      attachments: built.attachments,
    };
    try {
      await transport.sendMail(message);
      outcome.sent.push(recipient.email);
    } catch (error) {
      outcome.failed.push({ email: recipient.email, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcome;
}
