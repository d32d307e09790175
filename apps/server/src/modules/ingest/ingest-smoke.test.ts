import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { assetListRows, assetsApi } from '@gridlens/contract/assets';
import type { Database } from '../../db/database';
import { inject } from '../../../test/support/inject';
import { earlierToday, ingest, reading, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

for (const backend of TEST_DATABASES) {
  describe(`ingest to assets list [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let key: string;
    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      key = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'TX-1', rating_kva: 100 });
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('stores readings, reports duplicates, and shows the figures in the assets list', async () => {
      // Both readings fall in today so far (the list's one day), whatever the hour the test runs at, just after
      // midnight included.
      const now = Date.now();
      const earlier = earlierToday(now, 0.5);
      const latest = new Date(now).toISOString();
      const first = await ingest(app, key, [reading('TX-1', 1, earlier), reading('TX-1', 3, latest, { current_max_a: [150, 20, 10] })]);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ accepted: 2, duplicates: 0, rejected: 0 });
      const again = await ingest(app, key, [reading('TX-1', 1, earlier)]);
      expect(again.json()).toMatchObject({ accepted: 0, duplicates: 1 });

      const list = await inject(app, assetsApi.list, { query: { num_days: 1 }, headers: authHeaders(token, 'netzero') });
      expect(list.statusCode).toBe(200);
      const [device] = assetListRows(list.json());
      expect(device).toMatchObject({
        Current0Max: 150,
        Current1Max: 90,
        message_count: 2,
        missed_messages: 1,
        HasMissedMessages: true,
      });
      // Peak apparent power is the first reading's: (100 + 90 + 80) A × 230 V = 62.1 kVA on 100 kVA.
      // Peak imbalance is the second reading's: (150 − 10) / 150.
      expect(device?.['capacity_percent']).toBe(62.1);
      expect(device?.['imbalance_percent']).toBe(93.33);
      expect(device?.['HasImbalance']).toBe(true);
    });
  });
}
