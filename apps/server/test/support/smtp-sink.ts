import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * A real SMTP server on loopback for the tests of what the server emails, and enough MIME reading to check what
 * nodemailer wrote (texts, attachments) without a mail parser of its own.
 */

export interface Received {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives. `refuse(address)` answers a recipient with an
 * SMTP error (a mail server that is away, or refuses one address) when it returns one.
 */
export async function startSmtp(
  options: { refuse?: (address: string) => string | null } = {},
): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address) ?? null;
      callback(refusal === null ? undefined : Object.assign(new Error(refusal), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

export interface MimePart {
  headers: Record<string, string>;
  body: string;
}

/** The leaf parts of a MIME message (headers unfolded and lower-cased), enough to check what nodemailer wrote. */
export function mimeParts(raw: string): MimePart[] {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = Object.fromEntries(
    head.split('\r\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const boundary = /multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => mimeParts(part.replace(/^\r\n/, '')));
}
export const decoded = (part: MimePart): Buffer =>
  /base64/i.test(part.headers['content-transfer-encoding'] ?? '')
    ? Buffer.from(part.body.replace(/\s/g, ''), 'base64')
    : Buffer.from(
        part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
export const textOf = (parts: MimePart[], type: string) => {
  const part = parts.find((p) => p.headers['content-type']?.startsWith(type));
  return part ? decoded(part).toString('utf8') : '';
};
export const attachmentsOf = (parts: MimePart[]) => parts.filter((p) => /attachment/i.test(p.headers['content-disposition'] ?? ''));
