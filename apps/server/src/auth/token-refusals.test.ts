import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { capturedLog } from '../../test/support/captured-log';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configApi } from '@gridlens/contract/config';
import { coverageApi } from '@gridlens/contract/coverage';
import type { Database } from '../db/database';
import { inject } from '../../test/support/inject';
import {
  authHeaders,
  buildAppOn,
  createTestApp,
  createTestIssuer,
  TEST_AUDIENCE,
  TEST_ISSUER,
  testConfig,
} from '../../test/support/test-app';
import { createIssuerKeys } from './issuer-keys';
import { createTokenVerifier } from './token-verifier';
import { TEST_DATABASES } from '../../test/support/test-databases';

type TestIssuer = Awaited<ReturnType<typeof createTestIssuer>>;
type LogLine = { level: number; msg: string; reason?: string; description?: string; count?: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** RFC 6750 §3: `Bearer realm=…, error="invalid_token", error_description="…"` and the reason as its own parameter. */
function challengeOf(response: LightMyRequestResponse): { error?: string; error_description?: string; reason?: string } {
  const header = String(response.headers['www-authenticate'] ?? '');
  expect(header).toMatch(/^Bearer realm="gridlens"/);
  return Object.fromEntries([...header.matchAll(/(\w+)="([^"\\]*)"/g)].map((m) => [m[1], m[2]])) as Record<string, string>;
}

function appWithLog(backend: (typeof TEST_DATABASES)[number], env: Record<string, string> = {}) {
  const { log, lines } = capturedLog<LogLine>();
  const state: { db?: Database; app?: FastifyInstance; issuer?: TestIssuer } = {};
  beforeAll(async () => {
    state.db = await backend.open();
    ({ app: state.app, issuer: state.issuer } = await createTestApp(state.db, { env, log }));
  });
  afterAll(async () => {
    await state.app?.close();
    if (state.db) await backend.dispose(state.db);
  });
  return { lines, state };
}

for (const backend of TEST_DATABASES) {
  describe(`a refused bearer token says why [${backend.name}]`, () => {
    const { lines, state } = appWithLog(backend);
    const issuer = () => state.issuer as TestIssuer;
    const getSettings = (token: string) =>
      inject(state.app as FastifyInstance, configApi.tenantSettings, { headers: authHeaders(token, 'netzero') });
    const operator = { sub: 'refused-user', tenant: 'netzero', roles: ['Operator'] };

    const cases: [string, string, () => Promise<string>, RegExp][] = [
      [
        'issuer',
        'issuer',
        () => issuer().token(operator, { issuer: 'https://evil.example/' }),
        /issuer is https:\/\/evil\.example\/, not https:\/\/issuer\.test\//,
      ],
      [
        'audience',
        'audience',
        () => issuer().token(operator, { audience: 'account' }),
        /audience is account, not gridlens-api \(OIDC_AUDIENCE\)/,
      ],
      [
        'signature (another key, same key id)',
        'signature',
        async () => (await createTestIssuer()).token(operator),
        /signature does not verify/,
      ],
      ['unknown key id', 'unknown_key', () => issuer().token(operator, { kid: 'rotated-away' }), /key id rotated-away/],
      ['expired', 'expired', () => issuer().token(operator, { expiresIn: nowSeconds() - 120 }), /has expired/],
      ['opaque (not a JWT)', 'not_a_jwt', () => Promise.resolve('Qm9ndXMgb3BhcXVlIHRva2Vu'), /not a signed JWT.*gridlens-api/],
      ['encrypted (five parts)', 'not_a_jwt', () => Promise.resolve('eyJhbGciOiJkaXIifQ..aXY.Y2lwaGVy.dGFn'), /not a signed JWT/],
      [
        'without the roles claim',
        'roles_claim',
        () => issuer().token({ ...operator, roles: null }),
        /no roles claim at https:\/\/gridlens\.io\/roles \(OIDC_ROLES_CLAIM\)/,
      ],
      [
        'signed with a shared secret',
        'algorithm',
        () =>
          new SignJWT({ sub: 'x', iss: TEST_ISSUER, aud: TEST_AUDIENCE, exp: nowSeconds() + 600 })
            .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
            .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough-for-hs256')),
        /signed with HS256/,
      ],
    ];

    it.each(cases)('%s: 401 with the reason in WWW-Authenticate, the body and the log', async (_name, reason, mint, description) => {
      const token = await mint();
      const response = await getSettings(token);
      expect(response.statusCode).toBe(401);
      const challenge = challengeOf(response);
      expect(challenge.error).toBe('invalid_token');
      expect(challenge.reason).toBe(reason);
      expect(challenge.error_description).toMatch(description);
      expect(response.json()).toMatchObject({ error: 'unauthorized', message: expect.stringMatching(description) as unknown });
      const logged = lines.filter((line) => line.reason === reason);
      expect(logged).toHaveLength(1);
      expect(logged[0]?.description).toMatch(description);
      expect(logged[0]?.level).toBe(reason === 'expired' ? 30 : 40); // info for the routine expiry, warn for a set-up fault
      // Never the token, nor its signature, in the log or the challenge.
      const signature = token.split('.').at(-1) ?? token;
      expect(JSON.stringify(lines)).not.toContain(signature);
      expect(String(response.headers['www-authenticate'])).not.toContain(signature);
    });

    it('logs a reason once a minute however often it comes, and the token never', async () => {
      const before = lines.length;
      const token = await issuer().token(operator, { audience: 'another-api' });
      for (let i = 0; i < 5; i += 1) expect((await getSettings(token)).statusCode).toBe(401);
      // The audience reason was logged by the case above, within the minute: these five are counted, not written.
      expect(lines.slice(before).filter((line) => line.reason === 'audience')).toEqual([]);
    });

    it('answers a request without a token with the bare challenge, and does not log it', async () => {
      const before = lines.filter((line) => line.reason).length;
      const response = await inject(state.app as FastifyInstance, configApi.tenantSettings, { headers: { tenant: 'netzero' } });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="gridlens"');
      expect(lines.filter((line) => line.reason).length).toBe(before);
    });

    it('keeps a description with quotes or non-ASCII claim values a valid quoted-string', async () => {
      const token = await issuer().token(operator, { audience: 'a"b\\cé' });
      const response = await getSettings(token);
      expect(challengeOf(response).error_description).toContain("audience is a'b'c', not gridlens-api");
      expect(String(response.headers['www-authenticate'])).toMatch(/^[\x20-\x7e]+$/);
    });

    it("answers 503 with the reason, not 500, when the issuer's keys cannot be fetched", async () => {
      // No discovery can succeed: nothing listens on the issuer's port (issuer-keys.test.ts covers the outage in detail).
      const config = testConfig({ OIDC_ISSUER: 'http://127.0.0.1:9/' });
      const verifyToken = createTokenVerifier(config.auth, createIssuerKeys(config.auth.issuer, { timeoutMs: 2000 }).keys);
      const app = await buildAppOn(state.db as Database, { config, verifyToken, embeddedProvider: null });
      try {
        const { privateKey } = await generateKeyPair('RS256');
        const token = await new SignJWT({ 'https://gridlens.io/roles': ['Operator'] })
          .setProtectedHeader({ alg: 'RS256', kid: 'k' })
          .setSubject('u')
          .setIssuer(config.auth.issuer)
          .setAudience(config.auth.audience)
          .setExpirationTime('5m')
          .sign(privateKey);
        const response = await inject(app, configApi.tenantSettings, { headers: authHeaders(token, 'netzero') });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('30');
        expect(response.json()).toMatchObject({
          error: 'identity_provider_unavailable',
          message: expect.stringMatching(
            /OpenID discovery at http:\/\/127\.0\.0\.1:9\/\.well-known\/openid-configuration failed/,
          ) as unknown,
        });
      } finally {
        await app.close();
      }
    });
  });

  describe(`the roles claim's shapes [${backend.name}]`, () => {
    const { state } = appWithLog(backend);
    const nested = appWithLog(backend, { OIDC_ROLES_CLAIM: 'realm_access.roles' });
    const auth0 = appWithLog(backend, { OIDC_ROLES_CLAIM: '["https://example.com/app"].roles' });

    const call = (app: FastifyInstance | undefined, token: string) =>
      inject(app as FastifyInstance, configApi.tenantSettings, { headers: authHeaders(token, 'netzero') });
    const deviceTest = (app: FastifyInstance | undefined, token: string) =>
      inject(app as FastifyInstance, coverageApi.deviceTest, { params: { DeviceID: 'NZ-0001' }, headers: authHeaders(token, 'netzero') });
    const mint = (claims: Record<string, unknown>, issuer = state.issuer) =>
      (issuer as TestIssuer).token({ sub: 'shape', tenant: 'netzero', roles: null }, { claims });

    it('refuses a token without the roles claim (401 naming the claim), not taking it for "any other role"', async () => {
      const response = await call(state.app, await mint({}));
      expect(response.statusCode).toBe(401);
      expect(challengeOf(response)).toMatchObject({ reason: 'roles_claim' });
      expect(challengeOf(response).error_description).toContain('https://gridlens.io/roles');
      // Keycloak's nested realm roles, while the portal reads the default top-level claim: refused the same way.
      const keycloakShaped = await call(state.app, await mint({ realm_access: { roles: ['Installer'] } }));
      expect(keycloakShaped.statusCode).toBe(401);
      expect(challengeOf(keycloakShaped).reason).toBe('roles_claim');
    });

    it('refuses a roles claim that is neither a list nor a string', async () => {
      const response = await call(state.app, await mint({ 'https://gridlens.io/roles': { Installer: true } }));
      expect(response.statusCode).toBe(401);
      expect(challengeOf(response).error_description).toMatch(/neither a list nor a string/);
    });

    it('reads nested roles where OIDC_ROLES_CLAIM points (realm_access.roles)', async () => {
      const installer = await mint({ realm_access: { roles: ['Installer'] } }, nested.state.issuer);
      expect((await call(nested.state.app, installer)).statusCode).toBe(403);
      expect((await deviceTest(nested.state.app, installer)).statusCode).not.toBe(403);
      const operator = await mint({ realm_access: { roles: ['Operator', 'offline_access'] } }, nested.state.issuer);
      expect((await call(nested.state.app, operator)).statusCode).toBe(200);
      const missing = await call(nested.state.app, await mint({ realm_access: {} }, nested.state.issuer));
      expect(missing.statusCode).toBe(401);
      expect(challengeOf(missing).error_description).toContain('realm_access.roles');
    });

    it('reads roles inside a URL-named claim written in brackets', async () => {
      const installer = await mint({ 'https://example.com/app': { roles: ['Installer'] } }, auth0.state.issuer);
      expect((await call(auth0.state.app, installer)).statusCode).toBe(403);
      const operator = await mint({ 'https://example.com/app': { roles: ['Operator'] } }, auth0.state.issuer);
      expect((await call(auth0.state.app, operator)).statusCode).toBe(200);
    });

    it('takes a string as a list of one', async () => {
      expect((await call(state.app, await mint({ 'https://gridlens.io/roles': 'Installer' }))).statusCode).toBe(403);
      expect((await call(state.app, await mint({ 'https://gridlens.io/roles': 'Operator' }))).statusCode).toBe(200);
      expect((await call(nested.state.app, await mint({ realm_access: { roles: 'Installer' } }, nested.state.issuer))).statusCode).toBe(
        403,
      );
    });

    it('matches Installer whatever its case', async () => {
      for (const roles of [['installer'], ['INSTALLER'], ['Installer', 'installer']]) {
        const token = await mint({ 'https://gridlens.io/roles': roles });
        const response = await call(state.app, token);
        expect(response.statusCode, roles.join()).toBe(403);
        expect(response.json<{ message: string }>().message).toMatch(/Installer accounts/);
        expect((await deviceTest(state.app, token)).statusCode, roles.join()).not.toBe(403);
      }
    });

    it('gives a user with an empty roles list nothing, the device test included', async () => {
      for (const roles of [[], [''], [7]]) {
        const token = await mint({ 'https://gridlens.io/roles': roles });
        const response = await call(state.app, token);
        expect(response.statusCode, JSON.stringify(roles)).toBe(403);
        expect(response.json<{ message: string }>().message).toMatch(/no role/);
        expect((await deviceTest(state.app, token)).statusCode, JSON.stringify(roles)).toBe(403);
      }
    });
  });
}
