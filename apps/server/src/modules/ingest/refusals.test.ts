import { capturedLog } from '../../../test/support/captured-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ingestApi } from '@gridlens/contract/ingest';
import type { Database } from '../../db/database';
import { seedDemoData } from '../../demo/seed-demo';
import { inject } from '../../../test/support/inject';
import { ingest, reading, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestIssuer, buildAppOn } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

for (const backend of TEST_DATABASES) {
  describe(`a device's refused messages [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let gridwestToken: string;
    let key: string;
    const { log, lines: logLines } = capturedLog<{
      level: number;
      msg: string;
      deviceId?: string;
      reason?: string;
      count?: number;
      tenantId?: string;
    }>('warn');

    beforeAll(async () => {
      db = await backend.open();
      await seedDemoData(db);
      const issuer = await createTestIssuer();
      app = await buildAppOn(db, {
        config: issuer.config,
        verifyToken: issuer.verifyToken,
        embeddedProvider: null,
        log,
      });
      token = await issuer.token({ sub: 'u1', tenant: 'netzero' });
      gridwestToken = await issuer.token({ sub: 'u2', tenant: 'gridwest' });
      key = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'REF-1' });
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    const refusalsOf = (deviceId: string, tenant = 'netzero', query: { limit?: number } = {}) =>
      inject(app, ingestApi.refusals, {
        params: { device_id: deviceId },
        query,
        headers: authHeaders(tenant === 'netzero' ? token : gridwestToken, tenant),
      });

    it('lists a device’s refused HTTP messages newest first with their reason and payload, and logs them once per reason', async () => {
      const time = new Date().toISOString();
      const answer = await ingest(app, key, [
        reading('REF-1', 1, time, { lqi: 999 }),
        reading('REF-1', 2, time, { lqi: 998 }),
        reading('REF-1', 3, time),
        reading('REF-UNKNOWN', 1, time),
      ]);
      expect(answer.json()).toMatchObject({ accepted: 1, rejected: 3 });

      const response = await refusalsOf('REF-1');
      expect(response.statusCode).toBe(200);
      const items = response.json().items;
      expect(items.map((r) => [r.source, r.reason.split(':')[0], r.fields])).toEqual([
        ['http', 'invalid_field', ['lqi']],
        ['http', 'invalid_field', ['lqi']],
      ]);
      expect(
        items
          .map((r) => JSON.parse(r.payload_excerpt) as { seq: number })
          .map((p) => p.seq)
          .sort(),
      ).toEqual([1, 2]);
      expect(Date.parse(items[0]?.received_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

      // An unregistered device's refusals are its tenant's too: the operator can see what an unknown device sends.
      expect((await refusalsOf('REF-UNKNOWN')).json().items.map((r) => r.reason.split(':')[0])).toEqual(['unknown_device']);

      const warned = logLines.filter((l) => l.level === 40 && l.deviceId?.startsWith('REF-'));
      expect(warned.map((l) => [l.tenantId, l.deviceId, l.reason, l.count])).toEqual([
        ['netzero', 'REF-1', 'invalid_field', 1],
        ['netzero', 'REF-UNKNOWN', 'unknown_device', 1],
      ]);
    });

    it("shows no other tenant's refusals, and bounds how many it answers", async () => {
      const other = await refusalsOf('REF-1', 'gridwest');
      expect(other.statusCode).toBe(200);
      expect(other.json().items).toEqual([]);
      const limited = await refusalsOf('REF-1', 'netzero', { limit: 1 });
      expect(limited.json().items).toHaveLength(1);
      expect((await refusalsOf('REF-1', 'netzero', { limit: 1000 })).statusCode).toBe(400);
    });
  });
}
