import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildAppOn } from '../../test/support/test-app';
import { configuredTokenVerifier } from '../auth/configured-verifier';
import { loadConfig } from '../config/env';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createConfiguredEmbeddedProvider } from './embedded-provider';

// Rate limits live in the HTTP layer and do not depend on the database, so PGlite alone is enough here.
describe('rate limits', () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openPglite(null);
    await migrate(db);
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
    const embeddedProvider = await createConfiguredEmbeddedProvider(config, db, null);
    app = await buildAppOn(db, { config, embeddedProvider, verifyToken: configuredTokenVerifier(config, embeddedProvider) });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  let attempt = 0;
  const login = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/oidc/interaction/unknown-uid/login',
      // A different claimed address each time: with no trusted proxy it must not count as another client.
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${(attempt += 1)}` },
      payload: `email=${encodeURIComponent(email)}&password=guess`,
    });

  it('slows password guessing on one account after 20 attempts, without locking out other accounts', async () => {
    for (let i = 0; i < 20; i += 1) expect((await login('power@gridlens.demo')).statusCode).not.toBe(429);
    const limited = await login('power@gridlens.demo');
    expect(limited.statusCode).toBe(429);
    expect((await login('fleet@gridlens.demo')).statusCode).not.toBe(429);
  });

  it('shows the sign-in form again, in the form’s language, saying there were too many attempts and when to try again', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', SIGN_IN_ATTEMPTS_PER_5_MIN: '2' });
    const provider = await createConfiguredEmbeddedProvider(config, db, null);
    const limitedApp = await buildAppOn(db, { config, embeddedProvider: provider, verifyToken: configuredTokenVerifier(config, provider) });
    const attempt = () =>
      limitedApp.inject({
        method: 'POST',
        url: '/oidc/interaction/unknown-uid/login?ui_locales=pl',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=ops%40gridlens.demo&password=guess',
      });
    try {
      for (let i = 1; i <= 2; i += 1) expect((await attempt()).statusCode, `attempt ${i}`).not.toBe(429);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^text\/html/);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(240);
      expect(retryAfter).toBeLessThanOrEqual(300);
      expect(limited.body).toContain('<html lang="pl">');
      expect(limited.body).toContain('Z tego adresu wykonano zbyt wiele prób logowania. Spróbuj ponownie za 5 minut.');
      // The same form, posting again to the same interaction, with the account filled in.
      expect(limited.body).toContain('action="/oidc/interaction/unknown-uid/login?ui_locales=pl"');
      expect(limited.body).toContain('value="ops@gridlens.demo"');
    } finally {
      await limitedApp.close();
    }
  });

  it('slows password spraying: 25 attempts per address across accounts, then 429 for any account; another address is unaffected', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', TRUST_PROXY: '127.0.0.1' });
    const provider = await createConfiguredEmbeddedProvider(config, db, null);
    const sprayed = await buildAppOn(db, { config, embeddedProvider: provider, verifyToken: configuredTokenVerifier(config, provider) });
    const attempt = (email: string, from: string) =>
      sprayed.inject({
        method: 'POST',
        url: '/oidc/interaction/unknown-uid/login?ui_locales=fr',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
        payload: `email=${encodeURIComponent(email)}&password=guess`,
      });
    try {
      for (let i = 1; i <= 25; i += 1)
        expect((await attempt(`user${i}@example.com`, '192.0.2.50')).statusCode, `account ${i}`).not.toBe(429);
      const limited = await attempt('user26@example.com', '192.0.2.50');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.headers['content-type']).toMatch(/^text\/html/);
      expect(limited.body).toContain('Trop de tentatives de connexion ont été faites depuis cette adresse. Réessayez dans 5 minutes.');
      expect((await attempt('power@gridlens.demo', '192.0.2.50')).statusCode).toBe(429);
      expect((await attempt('user26@example.com', '192.0.2.51')).statusCode).not.toBe(429);
    } finally {
      await sprayed.close();
    }
  });

  it('takes the per-address limit from SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN: '3' });
    const provider = await createConfiguredEmbeddedProvider(config, db, null);
    const limitedApp = await buildAppOn(db, { config, embeddedProvider: provider, verifyToken: configuredTokenVerifier(config, provider) });
    try {
      const codes: number[] = [];
      for (let i = 1; i <= 4; i += 1)
        codes.push(
          (
            await limitedApp.inject({
              method: 'POST',
              url: '/oidc/interaction/unknown-uid/login',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: `email=user${i}%40example.com&password=guess`,
            })
          ).statusCode,
        );
      expect(codes.map((code) => code === 429)).toEqual([false, false, false, true]);
    } finally {
      await limitedApp.close();
    }
  });

  it('bounds the sign-ins one address starts (SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN), with a short page in the portal’s language', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      TRUST_PROXY: '127.0.0.1',
      SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN: '3',
    });
    const provider = await createConfiguredEmbeddedProvider(config, db, null);
    const startsApp = await buildAppOn(db, { config, embeddedProvider: provider, verifyToken: configuredTokenVerifier(config, provider) });
    const query = new URLSearchParams({
      client_id: config.auth.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'http://localhost:3000/',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      ui_locales: 'ga',
    });
    const start = (from: string) =>
      startsApp.inject({
        method: 'GET',
        url: `/oidc/auth?${query.toString()}`,
        headers: { host: 'localhost:3000', 'x-forwarded-for': from },
      });
    const interactions = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM oidc_payloads WHERE model = 'Interaction'`))[0]?.n;
    try {
      const before = await interactions();
      for (let i = 1; i <= 3; i += 1)
        expect(String((await start('192.0.2.60')).headers.location), `start ${i}`).toMatch(/\/oidc\/interaction\//);
      const limited = await start('192.0.2.60');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(240);
      expect(limited.headers['content-type']).toMatch(/^text\/html/);
      expect(limited.body).toContain('<html lang="ga">');
      expect(limited.body).toContain('Tháinig an iomarca iarratas síniú isteach ón seoladh seo. Bain triail eile as i gceann 5 nóiméad.');
      // The refused start stored nothing; another address starts as before.
      expect(await interactions()).toBe((before ?? 0) + 3);
      expect(String((await start('192.0.2.61')).headers.location)).toMatch(/\/oidc\/interaction\//);
      // An IPv6 client usually holds a whole /64: its addresses count together.
      for (const address of ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2::c'])
        expect((await start(address)).statusCode).not.toBe(429);
      expect((await start('2001:db8:1:2::d')).statusCode).toBe(429);
      expect((await start('2001:db8:1:3::a')).statusCode).not.toBe(429);
    } finally {
      await startsApp.close();
    }
  });

  it('believes X-Forwarded-For only from a configured proxy address, never by hop count', async () => {
    const attemptsFromManyAddresses = async (trustProxy: string) => {
      const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', TRUST_PROXY: trustProxy });
      const provider = await createConfiguredEmbeddedProvider(config, db, null);
      const proxied = await buildAppOn(db, { config, embeddedProvider: provider, verifyToken: configuredTokenVerifier(config, provider) });
      try {
        let limited = 0;
        for (let i = 1; i <= 21; i += 1) {
          const answer = await proxied.inject({
            method: 'POST',
            url: '/oidc/interaction/unknown-uid/login',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${i}` },
            payload: 'email=gridwest%40gridlens.demo&password=guess',
          });
          if (answer.statusCode === 429) limited += 1;
        }
        return limited;
      } finally {
        await proxied.close();
      }
    };
    // inject connects from 127.0.0.1: behind that proxy each forwarded address is its own client ...
    expect(await attemptsFromManyAddresses('127.0.0.1')).toBe(0);
    // ... while a proxy elsewhere does not make the direct peer's claims believable.
    expect(await attemptsFromManyAddresses('10.0.0.1')).toBe(1);
  });
});
