import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackApi } from '@gridlens/contract/feedback';
import type { Database } from '../../db/database';
import { createFeedbackRepository } from './feedback.repository';
import type { createTestIssuer } from '../../../test/support/test-app';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject } from '../../../test/support/inject';
import { TEST_DATABASES } from '../../../test/support/test-databases';

type TestIssuer = Awaited<ReturnType<typeof createTestIssuer>>;

for (const backend of TEST_DATABASES) {
  describe(`feedback API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let issuer: TestIssuer;

    beforeAll(async () => {
      db = await backend.open();
      ({ app, issuer } = await createTestApp(db));
    });

    afterAll(async () => {
      await app?.close();
      if (db) await backend.dispose(db);
    });

    const postFeedback = async (body: object, user: { sub: string; tenant: string } = { sub: 'feedback-user', tenant: 'netzero' }) =>
      inject(app, feedbackApi.send, { headers: authHeaders(await issuer.token({ ...user, roles: ['Operator'] }), user.tenant), body });

    it('stores feedback and answers 201 with its id and time', async () => {
      const before = Date.now();
      const response = await postFeedback({ message: 'The charts are great', rating: 5, page: '/assets' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(Date.parse(body.created_at)).toBeGreaterThanOrEqual(before - 5_000);
      const stored = await createFeedbackRepository(db).listForTenant('netzero');
      expect(stored.find((row) => row.id === body.id)).toEqual({ id: body.id, user_id: 'feedback-user', message: 'The charts are great' });
    });

    it('accepts feedback without a rating', async () => {
      expect((await postFeedback({ message: 'No stars from me', page: '/' })).statusCode).toBe(201);
      expect((await postFeedback({ message: 'Null stars', rating: null, page: '/' })).statusCode).toBe(201);
    });

    it.each([
      { case: 'an empty message', payload: { message: '', page: '/' }, field: 'message' },
      { case: 'a message of spaces only', payload: { message: '   ', page: '/' }, field: 'message' },
      { case: 'a message over 2000 characters', payload: { message: 'x'.repeat(2001), page: '/' }, field: 'message' },
      { case: 'rating 6', payload: { message: 'Too good', rating: 6, page: '/' }, field: 'rating' },
      { case: 'rating 0', payload: { message: 'Too bad', rating: 0, page: '/' }, field: 'rating' },
      { case: 'a fractional rating', payload: { message: 'Halfway', rating: 3.5, page: '/' }, field: 'rating' },
      { case: 'a missing page', payload: { message: 'Where am I' }, field: 'page' },
    ])('rejects $case with 400 naming $field and stores nothing', async ({ payload, field }) => {
      const before = (await createFeedbackRepository(db).listForTenant('netzero')).length;
      expectValidationError(await postFeedback(payload), field);
      expect(await createFeedbackRepository(db).listForTenant('netzero')).toHaveLength(before);
    });

    it("stores feedback under the caller's tenant", async () => {
      const netzeroMessage = `netzero feedback ${Date.now()}`;
      const gridwestMessage = `gridwest feedback ${Date.now()}`;
      expect((await postFeedback({ message: netzeroMessage, page: '/assets' }, { sub: 'nz-user', tenant: 'netzero' })).statusCode).toBe(
        201,
      );
      expect((await postFeedback({ message: gridwestMessage, page: '/assets' }, { sub: 'gw-user', tenant: 'gridwest' })).statusCode).toBe(
        201,
      );

      const repository = createFeedbackRepository(db);
      const netzero = (await repository.listForTenant('netzero')).map((row) => row.message);
      const gridwest = (await repository.listForTenant('gridwest')).map((row) => row.message);
      expect(netzero).toContain(netzeroMessage);
      expect(netzero).not.toContain(gridwestMessage);
      expect(gridwest).toContain(gridwestMessage);
      expect(gridwest).not.toContain(netzeroMessage);
    });

    it('takes the tenant from the token, never from the body', async () => {
      const message = `smuggled ${Date.now()}`;
      const response = await postFeedback(
        { message, page: '/', tenant_id: 'gridwest', tenant: 'gridwest' },
        { sub: 'nz-user', tenant: 'netzero' },
      );
      expect(response.statusCode).toBe(201);
      const repository = createFeedbackRepository(db);
      expect((await repository.listForTenant('netzero')).map((row) => row.message)).toContain(message);
      expect((await repository.listForTenant('gridwest')).map((row) => row.message)).not.toContain(message);
    });
  });
}
