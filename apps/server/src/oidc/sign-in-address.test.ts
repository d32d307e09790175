import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { clientConfigApi } from '@gridlens/contract/client-config';
import { configApi } from '@gridlens/contract/config';
import type { Database } from '../db/database';
import { seedDemoData } from '../demo/seed-demo';
import { inject } from '../../test/support/inject';
import { createEmbeddedApp, jwtClaims, signInThroughProvider } from '../../test/support/embedded-sign-in';
import { TEST_DATABASES } from '../../test/support/test-databases';

const POWER = { email: 'power@gridlens.demo', password: 'power-demo' };
const host = (origin: string) => new URL(origin).host;

describe.each(TEST_DATABASES)('sign-in at any address without PUBLIC_URL ($name)', (database) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await database.open();
    await seedDemoData(db);
    app = await createEmbeddedApp(db);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose(db);
  });

  for (const origin of ['http://127.0.0.1:3000', 'http://192.0.2.2:3000', 'http://[fd00::2]:3000', 'http://portal-test.internal:3000']) {
    it(`tells the web app an authority at ${origin}, signs in there and the API takes the token there`, async () => {
      const config = await inject(app, clientConfigApi.get, { headers: { host: host(origin) } });
      expect(config.json().authority).toBe(`${origin}/oidc`);
      const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: host(origin) } });
      expect(discovery.json()).toMatchObject({ issuer: `${origin}/oidc`, token_endpoint: `${origin}/oidc/token` });

      const { accessToken, idToken } = await signInThroughProvider(app, origin, POWER);
      expect(jwtClaims(accessToken)['iss']).toBe(`${origin}/oidc`);
      expect(jwtClaims(idToken)).toMatchObject({ iss: `${origin}/oidc`, picture: `${origin}/oidc/avatar/user-power-1.svg` });
      const settings = await inject(app, configApi.tenantSettings, {
        headers: { host: host(origin), authorization: `Bearer ${accessToken}`, tenant: 'netzero' },
      });
      expect(settings.statusCode).toBe(200);
    });
  }

  it('takes a token only at the address it was issued for', async () => {
    const { accessToken } = await signInThroughProvider(app, 'http://127.0.0.1:3000', POWER);
    const elsewhere = await inject(app, configApi.tenantSettings, {
      headers: { host: '192.0.2.2:3000', authorization: `Bearer ${accessToken}`, tenant: 'netzero' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('refuses a redirect URI on another address than the one the request came to', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: `/oidc/auth?${new URLSearchParams({
        client_id: 'gridlens-web',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: 'http://attacker.example/',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }).toString()}`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toContain('attacker.example');
  });

  it('answers 400 to a Host that names no host or address, and makes it no issuer', async () => {
    for (const bad of ['evil.example/path', 'a b', 'x@y'])
      expect(
        (await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: bad } })).statusCode,
        bad,
      ).toBe(400);
  });
});

describe('sign-in with PUBLIC_URL set', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await TEST_DATABASES[0]!.open();
    app = await createEmbeddedApp(db, { PUBLIC_URL: 'https://portal.example.ie', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('redirects pages and the provider at another address to PUBLIC_URL, keeping the path', async () => {
    for (const [url, hostHeader] of [
      ['/assets?filter=x', '192.0.2.2:3000'],
      ['/oidc/.well-known/openid-configuration', '127.0.0.1:3000'],
      ['/client-config.json', 'localhost:3000'],
    ] as const) {
      const answer = await app.inject({ method: 'GET', url, headers: { host: hostHeader } });
      expect(answer.statusCode, url).toBe(308);
      expect(answer.headers.location).toBe(`https://portal.example.ie${url}`);
    }
  });

  it('serves PUBLIC_URL behind a trusted proxy, with its issuer', async () => {
    const headers = { host: '127.0.0.1:3000', 'x-forwarded-host': 'portal.example.ie', 'x-forwarded-proto': 'https' };
    const config = await inject(app, clientConfigApi.get, { headers });
    expect(config.statusCode).toBe(200);
    expect(config.json().authority).toBe('https://portal.example.ie/oidc');
    const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers });
    expect(discovery.json()).toMatchObject({
      issuer: 'https://portal.example.ie/oidc',
      token_endpoint: 'https://portal.example.ie/oidc/token',
    });
  });

  it('answers API, ingest and health calls wherever they arrive', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz', headers: { host: '192.0.2.2:3000' } })).statusCode).toBe(200);
    expect((await inject(app, configApi.sections, { headers: { host: '192.0.2.2:3000' } })).statusCode).toBe(401);
  });

  it('does not judge a request forwarded by a proxy TRUST_PROXY does not name (no redirect loop)', async () => {
    const untrusted = await createEmbeddedApp(db, { PUBLIC_URL: 'https://portal.example.ie' });
    try {
      const answer = await untrusted.inject({
        method: 'GET',
        url: '/client-config.json',
        headers: { host: 'portal.example.ie', 'x-forwarded-proto': 'https' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ authority: 'https://portal.example.ie/oidc' });
    } finally {
      await untrusted.close();
    }
  });
});

describe('an external identity provider', () => {
  it('keeps its configured authority whatever address the portal is reached at', async () => {
    const db = await TEST_DATABASES[0]!.open();
    const { buildAppOn, createTestIssuer } = await import('../../test/support/test-app');
    const issuer = await createTestIssuer();
    const app = await buildAppOn(db, { config: issuer.config, verifyToken: issuer.verifyToken, embeddedProvider: null });
    try {
      const config = await inject(app, clientConfigApi.get, { headers: { host: '192.0.2.2:3000' } });
      expect(config.json().authority).toBe('https://issuer.test/');
      const token = await issuer.token({ sub: 'u1' });
      const answer = await inject(app, configApi.tenantSettings, {
        headers: { host: '192.0.2.2:3000', authorization: `Bearer ${token}`, tenant: 'netzero' },
      });
      expect(answer.statusCode).not.toBe(401);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
