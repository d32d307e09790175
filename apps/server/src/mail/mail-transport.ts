import nodemailer from 'nodemailer';

/** The server's SMTP settings (SMTP_URL, SMTP_FROM); null when no mail server is configured. */
export interface SmtpSettings {
  url: string;
  from: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  from: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** What the senders need of nodemailer; tests pass a transport to a loopback SMTP server. */
export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
}

/**
 * The one SMTP transport of the server, shared by alert and report emails: one SMTP_URL, one place that knows how
 * to reach the mail server.
 */
export function createMailTransport(smtp: SmtpSettings): MailTransport {
  return nodemailer.createTransport(smtp.url);
}
