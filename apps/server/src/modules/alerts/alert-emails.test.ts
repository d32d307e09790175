import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { powerAlertsApi } from '@gridlens/contract/alerts';
import type { Database } from '../../db/database';
import { retryDelaySeconds } from '../../mail/retry-delay';
import { createAlertEmailSender } from './alert-emails.job';
import { inject } from '../../../test/support/inject';
import { countRows, ingest, minutesBefore, reading, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}
const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** The text of a quoted-printable body (soft breaks joined, =XX decoded). */
const unquote = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('retryDelaySeconds', () => {
  it('doubles from 30 s up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3_600);
  });
});

for (const backend of TEST_DATABASES) {
  describe(`alert emails through SMTP [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let key: string;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let seq = 0;
    const now = Date.now();
    const senderFor = (port: number) =>
      createAlertEmailSender({
        db,
        transport: nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 2_000 }),
        from: 'Gridlens alerts <alerts@gridlens.test>',
        publicUrl: 'https://portal.example.ie',
        log: app.log,
      });
    const pending = () => countRows(db, 'SELECT id FROM alert_notifications WHERE sent_at IS NULL');
    /** Sends a reading of `amps` on L1 (A): 300 A and over crosses the rule below, 100 A clears it. */
    const sendReading = async (amps: number) => {
      seq += 1;
      const response = await ingest(app, key, [reading('AL-MAIL', seq, minutesBefore(now, 100 - seq), { current_max_a: [amps, 90, 80] })]);
      expect(response.json().accepted).toBe(1);
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      key = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'AL-MAIL', transformer_name: 'Mallow Road' });
      const rule = await inject(app, powerAlertsApi.create, {
        headers: authHeaders(token, 'netzero'),
        body: {
          device_id: 'AL-MAIL',
          trigger_field: 'current_max_ph1',
          trigger_operator: '>=',
          trigger_value: 300,
          notify_on_clear: true,
        },
      });
      await inject(app, powerAlertsApi.addRecipient, {
        params: { id: rule.json().alert_id },
        headers: authHeaders(token, 'netzero'),
        body: { name: 'Niamh Kelly', email: 'niamh@utility.example.ie' },
      });
      smtp = await startSmtp();
    });

    afterAll(async () => {
      await stopSmtp(smtp.server).catch(() => undefined);
      await app.close();
      await backend.dispose(db);
    });

    it('sends the email of a triggered alert once, to its recipient, with the device and a link to it', async () => {
      await sendReading(320);
      expect(await pending()).toBe(1);
      expect(await senderFor(smtp.port).sendDue()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual(['niamh@utility.example.ie']);
      expect(mail?.raw).toMatch(/^Subject: Alert on AL-MAIL: Max current L1 >= 300.00 A$/m);
      const body = unquote(mail?.raw ?? '');
      expect(body).toContain('Hello Niamh Kelly,');
      expect(body).toContain('became active on AL-MAIL (Mallow Road)');
      expect(body).toContain('the reading was 320.00 A');
      expect(body).toContain('https://portal.example.ie/asset/AL-MAIL');
      // Sent once: nothing left, and a second round sends nothing.
      expect(await pending()).toBe(0);
      expect(await senderFor(smtp.port).sendDue()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    });

    it('keeps an email queued while the mail server is down and delivers it once it is back', async () => {
      await sendReading(100); // clears: the rule asks for an email then too
      const { port } = smtp;
      await stopSmtp(smtp.server);
      expect(await senderFor(port).sendDue()).toBe(0);
      const [queued] = await db.query<{ attempts: number; last_error: string | null; later: boolean }>(
        'SELECT attempts, last_error, next_attempt_at > now() AS later FROM alert_notifications WHERE sent_at IS NULL',
      );
      expect(queued).toMatchObject({ attempts: 1, later: true });
      expect(queued?.last_error).toBeTruthy();
      // Not due yet: a round before the back-off ends sends nothing, even with the server back.
      smtp = await startSmtp(port);
      expect(await senderFor(port).sendDue()).toBe(0);
      // The back-off has passed.
      await db.query('UPDATE alert_notifications SET next_attempt_at = now() WHERE sent_at IS NULL');
      expect(await senderFor(port).sendDue()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.raw).toMatch(/^Subject: Cleared on AL-MAIL: Max current L1 >= 300.00 A$/m);
      expect(unquote(smtp.received[0]?.raw ?? '')).toContain('the reading was 100.00 A');
    });

    it('sends each email once when two processes share the outbox', async () => {
      for (const amps of [310, 100, 330, 100, 350]) await sendReading(amps);
      expect(await pending()).toBe(5);
      const before = smtp.received.length;
      const [first, second] = await Promise.all([senderFor(smtp.port).sendDue(), senderFor(smtp.port).sendDue()]);
      expect((first ?? 0) + (second ?? 0)).toBe(5);
      expect(smtp.received.length - before).toBe(5);
      expect(await pending()).toBe(0);
    });
  });
}
