import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { assetsApi } from '@gridlens/contract/assets';
import { feedbackApi } from '@gridlens/contract/feedback';
import { powerReadingsApi } from '@gridlens/contract/power-readings';
import { INPUT_DEPTH_MAX } from '@gridlens/contract/storable-input';
import type { Database } from '../db/database';
import { expectValidationError } from '../../test/support/api-assertions';
import { nested } from '../../test/support/hostile-values';
import { inject } from '../../test/support/inject';
import { countRows, createIngestKey, ingest, minutesBefore, reading, registerDevice } from '../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../test/support/test-app';
import { TEST_DATABASES } from '../../test/support/test-databases';

for (const backend of TEST_DATABASES) {
  describe(`what the database cannot store, refused before it is tried [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let headers: Record<string, string>;
    let key: string;

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      const token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      headers = authHeaders(token, 'netzero');
      await registerDevice(app, token, 'netzero', { device_id: 'NUL-OK' });
      key = (await createIngestKey(app, token, 'netzero')).secret;
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('answers a NUL or half a character in a text with a 400 naming the field, and stores nothing', async () => {
      for (const message of ['a\u0000b', 'half \ud800 a character']) {
        const answer = await inject(app, feedbackApi.send, { headers, body: { message, page: '/assets' } });
        expectValidationError(answer, 'message');
      }
      expectValidationError(
        await inject(app, assetsApi.register, { headers, body: { device_id: 'NUL-2', transformer_name: 'TX\u0000', rating_kva: 100 } }),
        'transformer_name',
      );
      expect(await countRows(db, 'SELECT 1 FROM feedback')).toBe(0);
      expect(await countRows(db, "SELECT 1 FROM power_devices WHERE device_id = 'NUL-2'")).toBe(0);
    });

    it('answers a NUL in a path id with a 400 naming it', async () => {
      expectValidationError(await inject(app, powerReadingsApi.messages, { headers, params: { device_id: 'NUL-OK\u0000' } }), 'device_id');
    });

    it('answers a body nested deeper than allowed with a 400, on any endpoint', async () => {
      const answer = await inject(app, feedbackApi.send, { headers, body: { message: nested(INPUT_DEPTH_MAX + 5), page: '/' } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ details: { field: string; message: string }[] }>().details[0]?.message).toMatch(/nested deeper/);
    });

    it('refuses a message nested 20,000 levels deep alone; the batch and its good message are stored', async () => {
      const deep = `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
      const good = reading('NUL-OK', 1, minutesBefore(Date.now(), 5));
      const body = `{"v":1,"messages":[${JSON.stringify(good)},{"kind":"transformer","device_id":"NUL-OK","seq":2,"extra":${deep}}]}`;
      const answer = await app.inject({
        method: 'POST',
        url: '/ingest/v1/messages',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: body,
      });
      expect(answer.statusCode).toBe(200);
      const results = answer.json<{ results: { status: string; fields?: string[] }[] }>().results;
      expect(results.map((r) => r.status)).toEqual(['accepted', 'rejected']);
      expect(results[1]?.fields).toEqual(['message']);
      const letters = await db.query<{ payload: unknown }>("SELECT payload FROM ingest_dead_letters WHERE device_id = 'NUL-OK'");
      expect(letters.map((l) => l.payload)).toEqual([{ unstored: `nested deeper than ${INPUT_DEPTH_MAX} levels` }]);
    });

    it('refuses a number no real column can hold in a message alone', async () => {
      const answer = await ingest(app, key, [
        reading('NUL-OK', 3, minutesBefore(Date.now(), 4)),
        reading('NUL-OK', 4, minutesBefore(Date.now(), 3), { current_max_a: [1e-320, 1, 1] }),
      ]);
      const results = answer.json().results;
      expect(results.map((r) => r.status)).toEqual(['accepted', 'rejected']);
      expect(results[1]?.fields).toEqual(['current_max_a.0']);
    });
  });
}
