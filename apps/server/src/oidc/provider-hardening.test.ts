import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { configApi } from '@gridlens/contract/config';
import type { Database } from '../db/database';
import { seedDemoData } from '../demo/seed-demo';
import { createOidcPayloadsRepository } from './oidc-payloads.repository';
import { inject } from '../../test/support/inject';
import { createEmbeddedApp, createEmbeddedPortal, signInThroughProvider } from '../../test/support/embedded-sign-in';
import type { ModuleGraph } from '../module-graph';
import { TEST_DATABASES } from '../../test/support/test-databases';

const ORIGIN = 'http://127.0.0.1:3000';
const HOST = '127.0.0.1:3000';
const POWER = { email: 'power@gridlens.demo', password: 'power-demo' };

describe.each(TEST_DATABASES)('the embedded provider and the API, hardened ($name)', (database) => {
  let db: Database;
  let dataDir: string;
  let app: FastifyInstance;
  let graph: ModuleGraph;
  beforeAll(async () => {
    db = await database.open();
    await seedDemoData(db);
    dataDir = mkdtempSync(join(tmpdir(), 'gridlens-oidc-'));
    ({ app, graph } = await createEmbeddedPortal(db, {}, dataDir));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose(db);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('advertises only the authorization code flow, with PKCE, and no userinfo endpoint', async () => {
    const discovery = (await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: HOST } })).json<
      Record<string, unknown>
    >();
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery).not.toHaveProperty('userinfo_endpoint');
    expect((await app.inject({ method: 'GET', url: '/oidc/me', headers: { host: HOST } })).statusCode).toBe(404);
  });

  it('offers only what the portal uses: a public client, RS256, no client secrets, no HS256, no PAR or DPoP', async () => {
    const discovery = (await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: HOST } })).json<
      Record<string, unknown>
    >();
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(JSON.stringify(discovery)).not.toMatch(/HS256|client_secret|private_key_jwt/);
    expect(discovery).not.toHaveProperty('pushed_authorization_request_endpoint');
    expect(discovery).not.toHaveProperty('dpop_signing_alg_values_supported');
    expect(discovery.grant_types_supported).toEqual(['authorization_code']);
  });

  it('refuses the implicit and hybrid flows', async () => {
    for (const responseType of ['id_token', 'code id_token']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/oidc/auth?${new URLSearchParams({ client_id: 'gridlens-web', response_type: responseType, scope: 'openid', redirect_uri: `${ORIGIN}/`, nonce: 'n' }).toString()}`,
        headers: { host: HOST },
      });
      expect(String(answer.headers.location ?? ''), responseType).toMatch(/error=unsupported_response_type/);
    }
  });

  it("lets only the portal's own origin read the token endpoint's answers", async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/oidc/token',
        headers: { host: HOST, origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const post = (origin: string, payload: string) =>
      app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { host: HOST, origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    expect((await preflight('https://attacker.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await post('https://attacker.example', 'grant_type=authorization_code&code=x')).headers['access-control-allow-origin'],
    ).toBeUndefined();
    expect(
      (await post('https://attacker.example', 'grant_type=authorization_code&code=x&client_id=gridlens-web')).headers[
        'access-control-allow-origin'
      ],
    ).toBeUndefined();
    // The portal itself, at the address it was reached at, still may.
    expect((await preflight(ORIGIN)).headers['access-control-allow-origin']).toBe(ORIGIN);
    expect((await post(ORIGIN, 'grant_type=authorization_code&code=x&client_id=gridlens-web')).headers['access-control-allow-origin']).toBe(
      ORIGIN,
    );
  });

  it('marks every authenticated API answer no-store, refused or not', async () => {
    const refused = await inject(app, configApi.tenantSettings, { headers: { host: HOST } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const { accessToken } = await signInThroughProvider(app, ORIGIN, POWER);
    const answered = await inject(app, configApi.tenantSettings, {
      headers: { host: HOST, authorization: `Bearer ${accessToken}`, tenant: 'netzero' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['cache-control']).toBe('no-store');
  });

  it('keeps a sign-in session across a restart of the app on the same database', async () => {
    const { jar } = await signInThroughProvider(app, ORIGIN, POWER);
    await app.close();
    app = await createEmbeddedApp(db, {}, dataDir);
    // No account given: the flow fails if the provider asks for a password again.
    const again = await signInThroughProvider(app, ORIGIN, null, jar);
    expect(again.accessToken).toMatch(/^ey/);
  });

  it('deletes expired rows of its table, and only those, in a scheduled job', async () => {
    expect(graph.scheduler.names()).toContain('oidc-cleanup');
    const payloads = createOidcPayloadsRepository(db);
    await payloads.upsert('Session', 'expired-session', { uid: 'u-expired' }, 1);
    await payloads.upsert('Session', 'live-session', { uid: 'u-live' }, 3600);
    await db.query("UPDATE oidc_payloads SET expires_at = now() - interval '1 second' WHERE id = 'expired-session'");
    expect(await payloads.find('Session', 'expired-session')).toBeUndefined();
    expect(await payloads.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await db.query("SELECT id FROM oidc_payloads WHERE id IN ('expired-session', 'live-session')")).toEqual([
      { id: 'live-session' },
    ]);
    expect(await payloads.findByUid('Session', 'u-live')).toEqual({ uid: 'u-live' });
  });
});
