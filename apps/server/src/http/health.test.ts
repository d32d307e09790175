import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthApi } from '@gridlens/contract/health';
import type { Database } from '../db/database';
import { inject, routeName } from '../../test/support/inject';
import { createTestApp } from '../../test/support/test-app';
import { TEST_DATABASES } from '../../test/support/test-databases';

for (const backend of TEST_DATABASES) {
  describe(`health endpoints [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;

    beforeAll(async () => {
      db = await backend.open();
      ({ app } = await createTestApp(db));
    });

    afterAll(async () => {
      await app?.close();
      if (db) await backend.dispose(db);
    });

    it(`${routeName(healthApi.live)} answers 200 without a token`, async () => {
      const response = await inject(app, healthApi.live);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it(`${routeName(healthApi.ready)} answers 200 and names the database backend`, async () => {
      const response = await inject(app, healthApi.ready);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', checks: { database: backend.name } });
    });
  });
}
