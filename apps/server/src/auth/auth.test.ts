import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configApi } from '@gridlens/contract/config';
import { coverageApi } from '@gridlens/contract/coverage';
import { feedbackApi } from '@gridlens/contract/feedback';
import { withClaim } from '@gridlens/domain/claim-path';
import type { Database } from '../db/database';
import { inject, routeName } from '../../test/support/inject';
import { authHeaders, createTestApp, createTestIssuer, TEST_AUDIENCE, TEST_ISSUER } from '../../test/support/test-app';
import { TEST_DATABASES } from '../../test/support/test-databases';

type TestIssuer = Awaited<ReturnType<typeof createTestIssuer>>;

const OPERATOR = { sub: 'auth-operator', tenant: 'netzero', roles: ['Operator'] };
const nowSeconds = () => Math.floor(Date.now() / 1000);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Every data endpoint of the API, each with a request that succeeds for a permitted user. */
const DATA_ENDPOINTS = [
  { endpoint: configApi.tenantSettings, body: undefined, okStatus: 200 },
  { endpoint: configApi.sections, body: undefined, okStatus: 200 },
  { endpoint: configApi.userSettings, body: undefined, okStatus: 200 },
  { endpoint: configApi.updateUserSettings, body: { temperature_metric: 'fahrenheit' }, okStatus: 200 },
  { endpoint: feedbackApi.send, body: { message: 'Hello', page: '/assets' }, okStatus: 201 },
].map((call) => ({ ...call, name: routeName(call.endpoint) }));

/** A path as the OpenAPI document writes it: `{DeviceID}` for Fastify's `:DeviceID`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The API's one error shape ({ error, message, details? }) with nothing internal leaking out. */
function expectApiError(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode).toBe(status);
  const body = response.json<Record<string, unknown>>();
  expect(body['error']).toBe(code);
  expect(typeof body['message']).toBe('string');
  expect((body['message'] as string).length).toBeGreaterThan(0);
  for (const key of Object.keys(body)) expect(['error', 'message', 'details']).toContain(key);
  // Neither a stack trace (frames, source paths) nor SQL may reach the client.
  expect(response.body).not.toMatch(/stack/i);
  expect(response.body).not.toMatch(/\bat \S+ \(|\.[cm]?[jt]s:\d+|node_modules|\/src\//);
  expect(response.body).not.toMatch(/\b(SELECT|INSERT|UPDATE|DELETE)\b|user_settings|tenant_id/);
}

for (const backend of TEST_DATABASES) {
  describe(`API authentication and tenancy [${backend.name}]`, () => {
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

    const getTenantSettings = (headers: Record<string, string>) => inject(app, configApi.tenantSettings, { headers });

    /** Claims that would be accepted if they were properly signed. */
    const validClaims = () => ({
      sub: 'forger',
      iss: TEST_ISSUER,
      aud: TEST_AUDIENCE,
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
      ...withClaim(withClaim({}, issuer.config.auth.tenantPath, 'netzero'), issuer.config.auth.rolesPath, ['Operator']),
    });

    it('accepts a valid token with the matching Tenant header', async () => {
      const response = await getTenantSettings(authHeaders(await issuer.token(OPERATOR), 'netzero'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ tenant: 'netzero' });
    });

    describe('401 without a valid token', () => {
      it('rejects a request without an Authorization header', async () => {
        expectApiError(await getTenantSettings({ tenant: 'netzero' }), 401, 'unauthorized');
      });

      it.each([
        ['a Basic scheme', (token: string) => `Basic ${token}`],
        ['the token without a scheme', (token: string) => token],
        ['"Bearer" without a token', () => 'Bearer'],
        ['two tokens', (token: string) => `Bearer ${token} ${token}`],
        ['a token that is not a JWT', () => 'Bearer not-a-jwt'],
      ])('rejects a malformed Authorization header: %s', async (_name, header) => {
        const token = await issuer.token(OPERATOR);
        expectApiError(await getTenantSettings({ authorization: header(token), tenant: 'netzero' }), 401, 'unauthorized');
      });

      it('rejects a token signed by a different key (same kid, issuer and audience)', async () => {
        const impostor = await createTestIssuer();
        const forged = await impostor.token(OPERATOR);
        expectApiError(await getTenantSettings(authHeaders(forged, 'netzero')), 401, 'unauthorized');
      });

      it('rejects a token whose signature was tampered with', async () => {
        const [header, , signature] = (await issuer.token(OPERATOR)).split('.');
        const elevated = base64url({ ...validClaims(), [issuer.config.auth.rolesClaim]: ['Admin'] });
        expectApiError(await getTenantSettings(authHeaders(`${header}.${elevated}.${signature}`, 'netzero')), 401, 'unauthorized');
      });

      it('rejects a token from another issuer', async () => {
        const token = await issuer.token(OPERATOR, { issuer: 'https://evil.example/' });
        expectApiError(await getTenantSettings(authHeaders(token, 'netzero')), 401, 'unauthorized');
      });

      it('rejects a token for another audience', async () => {
        const token = await issuer.token(OPERATOR, { audience: 'some-other-api' });
        expectApiError(await getTenantSettings(authHeaders(token, 'netzero')), 401, 'unauthorized');
      });

      it('rejects a token that expired beyond the clock tolerance', async () => {
        const token = await issuer.token(OPERATOR, { expiresIn: nowSeconds() - 120 });
        expectApiError(await getTenantSettings(authHeaders(token, 'netzero')), 401, 'unauthorized');
      });

      it('still accepts a token that expired within the 30 s clock tolerance', async () => {
        const token = await issuer.token(OPERATOR, { expiresIn: nowSeconds() - 5 });
        expect((await getTenantSettings(authHeaders(token, 'netzero'))).statusCode).toBe(200);
      });

      it("rejects an unsecured token ('alg: none')", async () => {
        const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(validClaims())}.`;
        expectApiError(await getTenantSettings(authHeaders(token, 'netzero')), 401, 'unauthorized');
      });

      it('rejects a token signed with a shared secret (HS256)', async () => {
        const secret = new TextEncoder().encode('a-shared-secret-that-is-long-enough-for-hs256');
        const token = await new SignJWT(validClaims()).setProtectedHeader({ alg: 'HS256', kid: 'test-key' }).sign(secret);
        expectApiError(await getTenantSettings(authHeaders(token, 'netzero')), 401, 'unauthorized');
      });
    });

    describe('403 when the tenant does not match', () => {
      it('rejects a request without a Tenant header', async () => {
        const token = await issuer.token(OPERATOR);
        expectApiError(await getTenantSettings({ authorization: `Bearer ${token}` }), 403, 'forbidden');
      });

      it("rejects a Tenant header naming another tenant than the token's", async () => {
        const token = await issuer.token(OPERATOR);
        expectApiError(await getTenantSettings(authHeaders(token, 'fleetco')), 403, 'forbidden');
      });

      it('compares the Tenant header exactly', async () => {
        const token = await issuer.token(OPERATOR);
        expectApiError(await getTenantSettings(authHeaders(token, 'NetZero')), 403, 'forbidden');
      });

      it('refuses a token without a tenant claim as set up wrongly, naming where the tenant was looked for', async () => {
        const token = await issuer.token({ sub: 'no-tenant', tenant: null, roles: ['Operator'] });
        const response = await getTenantSettings(authHeaders(token, 'netzero'));
        expectApiError(response, 401, 'unauthorized');
        expect(response.headers['www-authenticate']).toContain('reason="tenant_claim"');
        expect(response.json<{ message: string }>().message).toBe(
          `The access token has no tenant claim ${issuer.config.auth.tenantClaim} (OIDC_TENANT_CLAIM)`,
        );
      });

      it("answers 'unknown_tenant' for a tenant that is not set up", async () => {
        const token = await issuer.token({ sub: 'stranger', tenant: 'unknown-co', roles: ['Operator'] });
        expectApiError(await getTenantSettings(authHeaders(token, 'unknown-co')), 403, 'unknown_tenant');
      });
    });

    describe('roles', () => {
      it.each(DATA_ENDPOINTS)('refuses an Installer-only user: $name', async ({ endpoint, body }) => {
        const token = await issuer.token({ sub: 'installer', tenant: 'netzero', roles: ['Installer'] });
        expectApiError(await inject(app, endpoint, { body, headers: authHeaders(token, 'netzero') }), 403, 'forbidden');
      });

      it.each(DATA_ENDPOINTS)('admits an Installer who is also an Operator: $name', async ({ endpoint, body, okStatus }) => {
        const token = await issuer.token({ sub: 'installer-operator', tenant: 'netzero', roles: ['Installer', 'Operator'] });
        expect((await inject(app, endpoint, { body, headers: authHeaders(token, 'netzero') })).statusCode).toBe(okStatus);
      });

      it('refuses an Installer-only user on every tenant-scoped route of the API except the device test and its recording', async () => {
        const token = await issuer.token({ sub: 'installer', tenant: 'netzero', roles: ['Installer'] });
        await app.ready();
        const document = app.swagger() as { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
        const open: string[] = [];
        let checked = 0;
        for (const [path, operations] of Object.entries(document.paths)) {
          for (const [method, operation] of Object.entries(operations)) {
            // Tenant-scoped: a bearer token and the Tenant header (the ingest endpoint takes a device key instead).
            if (!operation.security?.some((requirement) => 'tenantHeader' in requirement)) continue;
            const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
            const response = await app.inject({ method: method.toUpperCase() as 'GET', url, headers: authHeaders(token, 'netzero') });
            checked += 1;
            if (response.statusCode !== 403) open.push(`${method.toUpperCase()} ${path}`);
          }
        }
        expect(checked).toBeGreaterThan(30);
        // The device test, and its recording (the installer marks the monitor fitted).
        const installerRoutes = [coverageApi.deviceTest, coverageApi.recordDeviceTest].map((e) => `${e.method} ${openApiPath(e.path)}`);
        expect(open.sort()).toEqual(installerRoutes.sort());
      });

      it("does not store an Installer-only user's settings", async () => {
        const sub = 'installer-writes';
        const installer = await issuer.token({ sub, tenant: 'netzero', roles: ['Installer'] });
        const put = await inject(app, configApi.updateUserSettings, {
          headers: authHeaders(installer, 'netzero'),
          body: { temperature_metric: 'fahrenheit' },
        });
        expect(put.statusCode).toBe(403);
        const sameUserAsOperator = await issuer.token({ sub, tenant: 'netzero', roles: ['Operator'] });
        const get = await inject(app, configApi.userSettings, { headers: authHeaders(sameUserAsOperator, 'netzero') });
        expect(get.json()).toMatchObject({ temperature_metric_preference: '' });
      });

      it('refuses an Installer-only user even before validating the body', async () => {
        const token = await issuer.token({ sub: 'installer', tenant: 'netzero', roles: ['Installer'] });
        const response = await inject(app, configApi.updateUserSettings, {
          headers: authHeaders(token, 'netzero'),
          body: { temperature_metric: 'kelvin' },
        });
        expectApiError(response, 403, 'forbidden');
      });
    });
  });
}
