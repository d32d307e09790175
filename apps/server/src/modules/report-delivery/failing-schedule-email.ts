import { normaliseLanguage } from '@gridlens/domain/language';
import type { ReportKind } from '@gridlens/domain/reports/schedules';
import { translatorFor } from '@gridlens/i18n/translator';

/** The email that tells a schedule's owner its runs keep failing, in the schedule's language: subject and plain text. */
export function failingScheduleEmail(input: {
  language: string;
  report: ReportKind;
  failures: number;
  /** The last failure as the server saw it (the mail server's answer). */
  reason: string;
  /** The report management screen. */
  link: string;
}): { subject: string; text: string } {
  const t = translatorFor(normaliseLanguage(input.language));
  const values = {
    report: t(`reportSchedules.kinds.${input.report}`),
    failures: String(input.failures),
    reason: input.reason,
    link: input.link,
  };
  const text = [
    t('reportDelivery.failing.body', values),
    ...(input.reason ? [t('reportDelivery.failing.reason', values)] : []),
    t('reportDelivery.failing.open', values),
    t('reportDelivery.failing.footer'),
  ].join('\n\n');
  return { subject: t('reportDelivery.failing.subject', values), text };
}
