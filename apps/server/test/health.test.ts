import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { createTestApp } from './support/test-app';
import { TEST_DATABASES } from './support/test-databases';

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

    it('GET /healthz answers 200 without a token', async () => {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers 200 and names the database backend', async () => {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', checks: { database: backend.name } });
    });
  });
}
