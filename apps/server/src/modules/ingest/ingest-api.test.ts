import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Answer } from '@gridlens/contract/endpoint';
import type { ApiError } from '@gridlens/contract/errors';
import { assetsApi } from '@gridlens/contract/assets';
import { ingestApi } from '@gridlens/contract/ingest';
import { powerReadingsApi } from '@gridlens/contract/power-readings';
import type { Database } from '../../db/database';
import {
  countRows,
  createIngestKey,
  hydrogenReading,
  ingest,
  meteringReading,
  minutesBefore,
  pqEvent,
  reading,
  registerDevice,
} from '../../../test/support/power-fixtures';
import { inject, routeName } from '../../../test/support/inject';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

type IngestAnswer = Answer<typeof ingestApi.messages>;

interface DeadLetterRow {
  tenant_id: string | null;
  source: string;
  device_id: string | null;
  reason: string;
  fields: string[];
  payload: unknown;
}

const storedReadings = (db: Database, deviceId: string) => countRows(db, 'SELECT 1 FROM power_messages WHERE device_id = $1', [deviceId]);
const deadLettersOf = (db: Database, deviceId: string) =>
  db.query<DeadLetterRow>(
    'SELECT tenant_id, source, device_id, reason, fields, payload FROM ingest_dead_letters WHERE device_id = $1 ORDER BY id',
    [deviceId],
  );

for (const backend of TEST_DATABASES) {
  describe(`ingestion API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let netzero: string;
    let gridwest: string;
    let netzeroKey: { id: string; secret: string };
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      netzero = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      gridwest = await created.issuer.token({ sub: 'g1', tenant: 'gridwest' });
      netzeroKey = await createIngestKey(app, netzero, 'netzero');
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    describe('idempotence and ordering', () => {
      it('stores a message sent twice once and answers duplicate the second time', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'DUP-1' });
        const message = reading('DUP-1', 7, at(10));
        const first = await ingest(app, netzeroKey.secret, [message]);
        expect(first.statusCode).toBe(200);
        expect(first.json()).toMatchObject({ accepted: 1, duplicates: 0, rejected: 0 });
        const second = await ingest(app, netzeroKey.secret, [message]);
        expect(second.statusCode).toBe(200);
        expect(second.json()).toMatchObject({ accepted: 0, duplicates: 1, rejected: 0 });
        expect(second.json().results).toEqual([{ index: 0, status: 'duplicate' }]);
        expect(await storedReadings(db, 'DUP-1')).toBe(1);
      });

      it('tells the repeats of a batch from its new messages, device by device', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'DUP-3' });
        await registerDevice(app, netzero, 'netzero', { device_id: 'DUP-4' });
        const earlier = [reading('DUP-3', 1, at(60)), reading('DUP-4', 1, at(60))];
        expect((await ingest(app, netzeroKey.secret, earlier)).json()).toMatchObject({ accepted: 2 });
        // Seq 1 of each device again, between new seqs of both: the same seq on another device is new.
        const batch = [reading('DUP-3', 2, at(45)), earlier[1], reading('DUP-4', 2, at(45)), earlier[0], reading('DUP-3', 3, at(30))];
        const answer = await ingest(app, netzeroKey.secret, batch);
        expect(answer.json()).toMatchObject({ accepted: 3, duplicates: 2, rejected: 0 });
        expect(answer.json().results.map((r) => r.status)).toEqual(['accepted', 'duplicate', 'accepted', 'duplicate', 'accepted']);
        expect(await storedReadings(db, 'DUP-3')).toBe(3);
        expect(await storedReadings(db, 'DUP-4')).toBe(2);
      });

      it('answers a batch whole, uncompressed, even to a client that accepts gzip', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'PLAIN-1' });
        const batch = Array.from({ length: 60 }, (_unused, seq) => reading('PLAIN-1', seq + 1, at(900 - seq * 15)));
        const answer = await inject(app, ingestApi.messages, {
          headers: { authorization: `Bearer ${netzeroKey.secret}`, 'accept-encoding': 'gzip' },
          body: { v: 1, messages: batch },
        });
        expect(answer.rawPayload.length).toBeGreaterThan(1024); // over the compression threshold
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.json()).toMatchObject({ accepted: 60, rejected: 0 });
      });

      it('accepts the first of two equal messages in one batch and reports the second as duplicate', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'DUP-2' });
        const message = reading('DUP-2', 1, at(5));
        const answer = await ingest(app, netzeroKey.secret, [message, message]);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ accepted: 1, duplicates: 1, rejected: 0 });
        expect(answer.json().results.map((r) => r.status)).toEqual(['accepted', 'duplicate']);
        expect(await storedReadings(db, 'DUP-2')).toBe(1);
        const [daily] = await db.query<{ message_count: number }>(
          "SELECT message_count FROM power_device_daily WHERE tenant_id = 'netzero' AND device_id = 'DUP-2'",
        );
        expect(daily?.message_count).toBe(1);
      });

      it('stores out-of-order and late messages and keeps the newest as the latest state', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'ORD-1' });
        // seq n measured (6 - n) × 15 minutes ago: seq 5 is the newest.
        const message = (seq: number) => reading('ORD-1', seq, at((6 - seq) * 15), { current_max_a: [seq * 10, 1, 1] });
        for (const seq of [5, 2, 4]) {
          const answer = await ingest(app, netzeroKey.secret, [message(seq)]);
          expect(answer.json()).toMatchObject({ accepted: 1, rejected: 0 });
        }
        const stored = await db.query<{ seq: number; measured_at: Date | string }>(
          "SELECT seq, measured_at FROM power_messages WHERE tenant_id = 'netzero' AND device_id = 'ORD-1' ORDER BY seq",
        );
        expect(stored.map((r) => Number(r.seq))).toEqual([2, 4, 5]);
        expect(stored.map((r) => new Date(r.measured_at).toISOString())).toEqual([message(2).time, message(4).time, message(5).time]);
        const [latest] = await db.query<{ last_seq: number; last_message_at: Date | string; current_max_a: number[] }>(
          "SELECT last_seq, last_message_at, current_max_a FROM power_device_latest WHERE tenant_id = 'netzero' AND device_id = 'ORD-1'",
        );
        expect(Number(latest?.last_seq)).toBe(5);
        expect(new Date(latest?.last_message_at ?? 0).toISOString()).toBe(message(5).time);
        expect(latest?.current_max_a.map(Number)).toEqual([50, 1, 1]);
      });
    });

    describe('devices of other tenants and unknown devices', () => {
      it("rejects a key of tenant A writing a device registered only for tenant B, and dead-letters it under A's tenant", async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'NZ-ONLY' });
        const gridwestKey = await createIngestKey(app, gridwest, 'gridwest');
        const message = reading('NZ-ONLY', 1, at(3));
        const answer = await ingest(app, gridwestKey.secret, [message]);
        expect(answer.statusCode).toBe(200);
        const body = answer.json();
        expect(body).toMatchObject({ accepted: 0, duplicates: 0, rejected: 1 });
        expect(body.results[0]?.status).toBe('rejected');
        expect(body.results[0]?.reason).toMatch(/^unknown_device/);
        expect(body.results[0]?.fields).toEqual(['device_id']);
        expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'NZ-ONLY'")).toBe(0);
        expect(await countRows(db, "SELECT 1 FROM power_device_latest WHERE device_id = 'NZ-ONLY'")).toBe(0);
        const letters = await deadLettersOf(db, 'NZ-ONLY');
        expect(letters).toHaveLength(1);
        expect(letters[0]).toMatchObject({ tenant_id: 'gridwest', source: 'http', fields: ['device_id'], payload: message });
        expect(letters[0]?.reason).toMatch(/^unknown_device/);
      });

      it('rejects a message for an unregistered device and dead-letters it', async () => {
        const message = reading('NEVER-REGISTERED', 1, at(3));
        const answer = await ingest(app, netzeroKey.secret, [message]);
        const body = answer.json();
        expect(body).toMatchObject({ accepted: 0, rejected: 1 });
        expect(body.results[0]?.reason).toMatch(/^unknown_device/);
        expect(body.results[0]?.fields).toEqual(['device_id']);
        expect(await storedReadings(db, 'NEVER-REGISTERED')).toBe(0);
        const letters = await deadLettersOf(db, 'NEVER-REGISTERED');
        expect(letters).toEqual([
          expect.objectContaining({ tenant_id: 'netzero', device_id: 'NEVER-REGISTERED', fields: ['device_id'], payload: message }),
        ]);
      });
    });

    describe('validation of each message', () => {
      const device = 'VAL-1';
      const time = at(60); // inside the device clock window (a fixed date would age out of it)
      const good = reading(device, 1, time);
      const withoutSeq = Object.fromEntries(Object.entries(reading(device, 0, time)).filter(([k]) => k !== 'seq'));
      const cases: { name: string; message: Record<string, unknown>; field: string }[] = [
        { name: 'missing seq', message: withoutSeq, field: 'seq' },
        { name: 'negative seq', message: reading(device, -1, time), field: 'seq' },
        { name: 'seq not an integer', message: reading(device, 1.5, time), field: 'seq' },
        { name: 'bad time string', message: reading(device, 103, 'yesterday at noon'), field: 'time' },
        { name: 'current_max_a with 2 elements', message: reading(device, 104, time, { current_max_a: [1, 2] }), field: 'current_max_a' },
        {
          name: 'a current above 10000 A',
          message: reading(device, 105, time, { current_max_a: [1, 10_001, 2] }),
          field: 'current_max_a.1',
        },
        { name: 'a negative current', message: reading(device, 106, time, { current_med_a: [1, 2, -3] }), field: 'current_med_a.2' },
        { name: 'battery_pct 101', message: reading(device, 107, time, { battery_pct: 101 }), field: 'battery_pct' },
        { name: 'lqi 300', message: reading(device, 108, time, { lqi: 300 }), field: 'lqi' },
        { name: 'unknown kind', message: reading(device, 109, time, { kind: 'weather' }), field: 'kind' },
        { name: "pq_event with event_type 'BANG'", message: pqEvent(device, 110, time, { event_type: 'BANG' }), field: 'event_type' },
        { name: 'pq_event with priority 5', message: pqEvent(device, 111, time, { priority: 5 }), field: 'priority' },
        { name: 'hydrogen with status 9', message: hydrogenReading(device, 112, time, { status: 9 }), field: 'status' },
      ];
      let body: IngestAnswer;
      let letters: DeadLetterRow[];

      beforeAll(async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: device });
        const answer = await ingest(app, netzeroKey.secret, [...cases.map((c) => c.message), good]);
        expect(answer.statusCode).toBe(200);
        body = answer.json();
        letters = await deadLettersOf(db, device);
      });

      it.each(cases.map((c, index) => ({ ...c, index })))('rejects $name naming $field', ({ index, field }) => {
        const result = body.results[index];
        expect(result?.status).toBe('rejected');
        expect(result?.reason).toMatch(/^invalid_field/);
        expect(result?.fields).toContain(field);
      });

      it.each(cases)('dead-letters $name with $field and its raw payload', ({ message, field }) => {
        const letter = letters.filter((l) => isEqual(l.payload, message));
        expect(letter).toHaveLength(1);
        expect(letter[0]?.fields).toContain(field);
        expect(letter[0]).toMatchObject({ tenant_id: 'netzero', source: 'http', device_id: device });
      });

      it('accepts the good message of the same batch and stores only it', async () => {
        expect(body).toMatchObject({ accepted: 1, duplicates: 0, rejected: cases.length });
        expect(body.results[cases.length]).toEqual({ index: cases.length, status: 'accepted' });
        expect(letters).toHaveLength(cases.length);
        const stored = await db.query<{ seq: number }>("SELECT seq FROM power_messages WHERE device_id = 'VAL-1'");
        expect(stored.map((r) => Number(r.seq))).toEqual([1]);
        expect(await countRows(db, "SELECT 1 FROM power_quality_events WHERE device_id = 'VAL-1'")).toBe(0);
        expect(await countRows(db, "SELECT 1 FROM hydrogen_readings WHERE device_id = 'VAL-1'")).toBe(0);
      });
    });

    describe('bad messages that PostgreSQL cannot store as sent', () => {
      it('dead-letters messages holding NUL or an unpaired surrogate and still accepts the good one', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'NUL-1' });
        const time = at(4);
        const messages = [
          reading('NUL-1\u0000', 1, time),
          { ...reading('NUL-1', 2, 'not a time'), note: 'a\u0000b', ['k\u0000']: 1 },
          { ...reading('NUL-1', 3, 'not a time'), note: 'lone \ud800 surrogate' },
          // A literal backslash followed by "u0000" is ordinary text and is kept as it is.
          { ...reading('NUL-1', 4, 'not a time'), note: 'C:\\u0000\\file' },
          reading('NUL-1', 5, time),
        ];
        const answer = await ingest(app, netzeroKey.secret, messages);
        expect(answer.statusCode).toBe(200);
        const body = answer.json();
        expect(body.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'accepted']);
        expect(body.results[0]?.fields).toEqual(['device_id']);
        expect(body.results[1]?.fields).toEqual(['time']);
        expect(await storedReadings(db, 'NUL-1')).toBe(1);

        const letters = await db.query<DeadLetterRow>(
          "SELECT device_id, fields, payload FROM ingest_dead_letters WHERE device_id LIKE 'NUL-1%' ORDER BY id",
        );
        expect(letters.map((l) => l.device_id)).toEqual(['NUL-1\ufffd', 'NUL-1', 'NUL-1', 'NUL-1']);
        expect(letters.map((l) => (l.payload as { note?: string }).note)).toEqual([
          undefined,
          'a\ufffdb',
          'lone \ufffd surrogate',
          'C:\\u0000\\file',
        ]);
        expect(letters[1]?.payload).toHaveProperty(['k\ufffd'], 1);
        expect((letters[0]?.payload as { device_id: string }).device_id).toBe('NUL-1\ufffd');
      });
    });

    describe('authentication and envelope', () => {
      const post = (headers: Record<string, string>, body: unknown) => inject(app, ingestApi.messages, { headers, body });

      it('answers 401 without a key and with a malformed key, storing nothing', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'AUTH-1' });
        const body = { v: 1, messages: [reading('AUTH-1', 1, at(1))] };
        expect((await post({}, body)).statusCode).toBe(401);
        expect((await post({ authorization: 'Bearer not-a-key' }, body)).statusCode).toBe(401);
        expect((await post({ 'x-api-key': 'glk_zzzzzzzz_short' }, body)).statusCode).toBe(401);
        // Well-formed but never issued: the prefix and the hash must both match.
        const forged = `glk_${netzeroKey.secret.slice(4, 12)}_${'A'.repeat(43)}`;
        expect((await post({ authorization: `Bearer ${forged}` }, body)).statusCode).toBe(401);
        expect(await storedReadings(db, 'AUTH-1')).toBe(0);
        // The key is checked before the body is read: an unreadable body without a key is a 401, not a 400.
        const unread = await post({ 'content-type': 'application/json' }, '{"v": 1, "messages": [');
        expect(unread.statusCode).toBe(401);
        // The same body with the real key goes through, so the 401s were about the key alone.
        expect((await post({ 'x-api-key': netzeroKey.secret }, body)).statusCode).toBe(200);
        expect(await storedReadings(db, 'AUTH-1')).toBe(1);
      });

      it(`answers 401 for a key revoked through ${routeName(ingestApi.revokeKey)}`, async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'AUTH-2' });
        const key = await createIngestKey(app, netzero, 'netzero', 'to revoke');
        expect((await ingest(app, key.secret, [reading('AUTH-2', 1, at(2))])).statusCode).toBe(200);
        const revoked = await inject(app, ingestApi.revokeKey, { params: { id: key.id }, headers: authHeaders(netzero, 'netzero') });
        expect(revoked.statusCode).toBe(200);
        expect(revoked.json()).toEqual({ revoked: true });
        const after = await ingest(app, key.secret, [reading('AUTH-2', 2, at(1))]);
        expect(after.statusCode).toBe(401);
        expect(await storedReadings(db, 'AUTH-2')).toBe(1);
        const list = await inject(app, ingestApi.keys, { headers: authHeaders(netzero, 'netzero') });
        const listed = list.json().find((k) => k.id === key.id);
        expect(listed?.revoked_at).toEqual(expect.any(String));
      });

      it('answers 413 for 5001 messages and stores none of them', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'BIG-1' });
        const messages = Array.from({ length: 5001 }, (_v, i) => reading('BIG-1', i, at(5001 - i)));
        const answer = await ingest(app, netzeroKey.secret, messages);
        expect(answer.statusCode).toBe(413);
        expect(answer.json()).toMatchObject({ error: 'payload_too_large' });
        expect(await storedReadings(db, 'BIG-1')).toBe(0);
        expect(await countRows(db, "SELECT 1 FROM ingest_dead_letters WHERE device_id = 'BIG-1'")).toBe(0);
      });

      it('accepts exactly 5000 messages in one batch', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'BIG-2' });
        const messages = Array.from({ length: 5000 }, (_v, i) => reading('BIG-2', i, at(5000 - i)));
        const answer = await ingest(app, netzeroKey.secret, messages);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ accepted: 5000, rejected: 0 });
        expect(await storedReadings(db, 'BIG-2')).toBe(5000);
      });

      it.each([
        { name: 'without v', payload: { messages: [reading('AUTH-1', 50, '2025-01-01T00:00:00Z')] } },
        { name: 'with v 2', payload: { v: 2, messages: [reading('AUTH-1', 51, '2025-01-01T00:00:00Z')] } },
      ])('answers 400 naming v for a body $name', async ({ payload }) => {
        const answer = await post({ authorization: `Bearer ${netzeroKey.secret}` }, payload);
        expect(answer.statusCode).toBe(400);
        const error = answer.json<ApiError>();
        expect(error.error).toBe('validation_error');
        expect(error.details?.map((d) => d.field)).toContain('v');
        expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'AUTH-1' AND seq IN (50, 51)")).toBe(0);
      });
    });

    describe('other message kinds', () => {
      it('stores power-quality events, hydrogen and metering readings in their tables', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'KINDS-1' });
        const event = pqEvent('KINDS-1', 1, at(30), { event_type: 'LOSS_OF_MAINS', priority: 1 });
        const hydrogen = hydrogenReading('KINDS-1', 1, at(20), { h2_ppm: 87.5 });
        const metering = meteringReading('KINDS-1', 1, at(10), { import_kwh: 5000.25 });
        // The same seq in different kinds is not a duplicate: each kind counts on its own.
        const answer = await ingest(app, netzeroKey.secret, [event, hydrogen, metering]);
        expect(answer.json()).toMatchObject({ accepted: 3, duplicates: 0, rejected: 0 });

        const [storedEvent] = await db.query<Record<string, unknown>>(
          "SELECT tenant_id, seq, occurred_at, event_type, priority, phase, duration_ms FROM power_quality_events WHERE device_id = 'KINDS-1'",
        );
        expect(storedEvent).toMatchObject({ tenant_id: 'netzero', event_type: 'LOSS_OF_MAINS', priority: 1, phase: 1 });
        expect(Number(storedEvent?.['duration_ms'])).toBe(120);
        expect(new Date(storedEvent?.['occurred_at'] as string).toISOString()).toBe(event.time);

        const [storedHydrogen] = await db.query<Record<string, unknown>>(
          "SELECT tenant_id, h2_ppm, oil_temperature_c, status, operation FROM hydrogen_readings WHERE device_id = 'KINDS-1'",
        );
        expect(storedHydrogen).toMatchObject({ tenant_id: 'netzero', h2_ppm: 87.5, oil_temperature_c: 55, status: 3, operation: 1 });

        const [storedMetering] = await db.query<Record<string, unknown>>(
          "SELECT tenant_id, import_kwh, export_kwh, voltage_v, power_factor FROM metering_readings WHERE device_id = 'KINDS-1'",
        );
        expect(storedMetering).toMatchObject({ tenant_id: 'netzero', import_kwh: 5000.25, export_kwh: 12.25, voltage_v: [231, 229, 230] });
        expect(storedMetering?.['power_factor']).toBeCloseTo(0.95, 5);

        const again = await ingest(app, netzeroKey.secret, [event, hydrogen, metering]);
        expect(again.json()).toMatchObject({ accepted: 0, duplicates: 3 });
        expect(await storedReadings(db, 'KINDS-1')).toBe(0);
      });
    });

    describe('a fleet under one key, while users read', () => {
      // More requests under one key than the old per-key limit of 600 a minute let through: a fleet of that many
      // devices reporting in the same minute, each device its own POST, as devices whose clocks align do.
      const DEVICES = 65;
      const MESSAGES_EACH = 10;

      it('accepts and stores every valid message of the burst, each device posting its own, while users read', async () => {
        const key = await createIngestKey(app, netzero, 'netzero', 'burst');
        const devices = Array.from({ length: DEVICES }, (_v, i) => `BURST-${String(i).padStart(2, '0')}`);
        for (const device_id of devices) await registerDevice(app, netzero, 'netzero', { device_id });
        const posts = devices.flatMap((device) =>
          Array.from({ length: MESSAGES_EACH }, (_v, seq) => ingest(app, key.secret, [reading(device, seq, at(MESSAGES_EACH - seq))])),
        );
        const reads = devices.flatMap((device) => [
          inject(app, assetsApi.list, { headers: authHeaders(netzero, 'netzero'), query: { num_days: 1 } }),
          inject(app, powerReadingsApi.messages, {
            headers: authHeaders(netzero, 'netzero'),
            params: { device_id: device },
            query: { range: '24h' },
          }),
        ]);
        const [answers, readAnswers] = await Promise.all([Promise.all(posts), Promise.all(reads)]);
        expect(answers.length).toBeGreaterThan(600);
        const statuses = new Map<number, number>();
        for (const answer of answers) statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        expect(Object.fromEntries(statuses)).toEqual({ 200: DEVICES * MESSAGES_EACH });
        expect(answers.every((answer) => answer.json().accepted === 1)).toBe(true);
        expect(readAnswers.every((answer) => answer.statusCode === 200)).toBe(true);
        expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id LIKE 'BURST-%'")).toBe(DEVICES * MESSAGES_EACH);
      }, 120_000);

      it('stops one runaway device at 600 requests a minute under its key, while the rest of its fleet goes on', async () => {
        const key = await createIngestKey(app, netzero, 'netzero', 'runaway');
        await registerDevice(app, netzero, 'netzero', { device_id: 'RUNAWAY-1' });
        await registerDevice(app, netzero, 'netzero', { device_id: 'CALM-1' });
        for (let seq = 0; seq < 600; seq += 1) {
          expect((await ingest(app, key.secret, [reading('RUNAWAY-1', seq, at(1))])).statusCode).not.toBe(429);
        }
        const limited = await ingest(app, key.secret, [reading('RUNAWAY-1', 600, at(1))]);
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ error: 'rate_limited' });
        const calm = await ingest(app, key.secret, [reading('CALM-1', 0, at(1))]);
        expect(calm.statusCode).toBe(200);
        expect(calm.json().accepted).toBe(1);
      }, 120_000);
    });

    describe('ingest keys', () => {
      it('never lists a secret or its hash', async () => {
        const key = await createIngestKey(app, netzero, 'netzero', 'listed');
        expect(key.secret).toMatch(/^glk_[0-9a-f]{8}_/);
        const list = await inject(app, ingestApi.keys, { headers: authHeaders(netzero, 'netzero') });
        expect(list.statusCode).toBe(200);
        const keys = list.json();
        expect(keys.map((k) => k.id)).toContain(key.id);
        expect(list.body).not.toContain(key.secret);
        expect(list.body).not.toContain(key.secret.slice(13));
        for (const listed of keys) expect(Object.keys(listed).sort()).toEqual(['created_at', 'id', 'name', 'prefix', 'revoked_at']);
      });

      it("lists only the caller's tenant's keys", async () => {
        const list = await inject(app, ingestApi.keys, { headers: authHeaders(gridwest, 'gridwest') });
        expect(list.statusCode).toBe(200);
        expect(list.json().map((k) => k.id)).not.toContain(netzeroKey.id);
      });

      it("answers 404 on DELETE of another tenant's key id and leaves that key working", async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'KEY-1' });
        const answer = await inject(app, ingestApi.revokeKey, {
          params: { id: netzeroKey.id },
          headers: authHeaders(gridwest, 'gridwest'),
        });
        expect(answer.statusCode).toBe(404);
        const [row] = await db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM ingest_keys WHERE id = $1', [netzeroKey.id]);
        expect(row?.revoked_at).toBeNull();
        expect((await ingest(app, netzeroKey.secret, [reading('KEY-1', 1, at(1))])).statusCode).toBe(200);
      });

      it('answers 404 on DELETE of an id that is no key at all', async () => {
        const answer = await inject(app, ingestApi.revokeKey, { params: { id: 'not-a-uuid' }, headers: authHeaders(netzero, 'netzero') });
        expect(answer.statusCode).toBe(404);
      });
    });
  });
}

/** Deep equality of JSON values, key order ignored (jsonb reorders object keys). */
function isEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => isEqual(v, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return isEqual(ka, kb) && ka.every((k) => isEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}
