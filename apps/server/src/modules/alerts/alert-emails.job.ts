import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { createMailTransport, type MailTransport, type SmtpSettings } from '../../mail/mail-transport';
// An alert email is never given up: it is tried again on this curve until the mail server takes it.
import { retryDelaySeconds } from '../../mail/retry-delay';
import type { ScheduledJob } from '../../scheduler/scheduler';
import { alertEmail } from './alert-email-text';
import { createNotificationOutbox, type OutboxEmail } from './notification-outbox.repository';

/** Looks for due emails this often; an alert's email leaves within about this long of the reading. */
export const EMAIL_POLL_MS = 5_000;
const BATCH = 50;

export interface AlertEmailSender {
  /** Sends what is due now; the number sent. */
  sendDue(): Promise<number>;
}

export function createAlertEmailSender({
  db,
  transport,
  from,
  publicUrl,
  log,
}: {
  db: Queryable;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}): AlertEmailSender {
  const outbox = createNotificationOutbox(db);
  const send = async (email: OutboxEmail) => {
    const cleared = email.kind === 'cleared';
    const { subject, text } = alertEmail({
      language: email.language,
      kind: email.kind,
      recipientName: email.recipient_name,
      deviceId: email.device_id,
      deviceName: email.device_name ?? email.device_id,
      field: email.trigger_field,
      operator: email.trigger_operator,
      threshold: email.trigger_value,
      value: cleared ? (email.clear_value ?? email.actual_value) : email.actual_value,
      locationName: email.location_name,
      locationType: email.location_type,
      actualLocationName: email.actual_location_name,
      atMs: new Date((cleared ? email.cleared_at : null) ?? email.triggered_at).getTime(),
      // A transformer monitor opens on its asset page, a tracked device on its device page.
      link: `${publicUrl}/${email.alert_kind === 'tracking' ? 'device' : 'asset'}/${encodeURIComponent(email.device_id)}`,
    });
    await transport.sendMail({ from, to: { name: email.recipient_name, address: email.recipient_email }, subject, text });
  };
  return {
    async sendDue() {
      let sent = 0;
      for (;;) {
        const due = await outbox.claimDue(BATCH);
        for (const email of due) {
          try {
            await send(email);
            await outbox.markSent(email.id);
            sent += 1;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const delay = retryDelaySeconds(email.attempts);
            log.warn(
              { notification: email.id, attempts: email.attempts, retryInSeconds: delay, err: message },
              'alert email not sent; will retry',
            );
            await outbox.scheduleRetry(email.id, delay, message);
          }
        }
        if (due.length < BATCH) return sent;
      }
    },
  };
}

/**
 * Sends alert emails from the outbox every 5 s through SMTP_URL. Without it there is no job: the emails wait in
 * the outbox (and go out once SMTP_URL is set), and the server says so at start.
 */
export function alertEmailsJob({
  db,
  smtp,
  publicUrl,
  log,
}: {
  db: Queryable;
  smtp: SmtpSettings | null;
  publicUrl: string;
  log: FastifyBaseLogger;
}): ScheduledJob[] {
  if (!smtp) return [];
  const sender = createAlertEmailSender({ db, transport: createMailTransport(smtp), from: smtp.from, publicUrl, log });
  return [
    {
      name: 'alert-emails',
      everyMs: EMAIL_POLL_MS,
      run: async () => {
        await sender.sendDue();
      },
    },
  ];
}
