import type { FastifyInstance } from 'fastify';
import { capturedLog } from '../../test/support/captured-log';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configApi } from '@gridlens/contract/config';
import { healthApi } from '@gridlens/contract/health';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemoData } from '../demo/seed-demo';
import type { StartupTasks } from '../http/health.routes';
import { inject } from '../../test/support/inject';
import { startFakeIssuer, type FakeIssuer } from '../../test/support/fake-issuer';
import { authHeaders, buildAppOn, testConfig } from '../../test/support/test-app';
import { configuredTokenVerifier } from './configured-verifier';
import { createIssuerKeys } from './issuer-keys';
import { checkIssuerAtStartUp, IDENTITY_PROVIDER_CHECK } from './issuer-readiness';

describe('an external identity provider that is down at start-up', () => {
  let fake: FakeIssuer;
  let db: Database;
  let app: FastifyInstance;
  let stop: () => void;
  const { log, lines: logLines } = capturedLog<{ level: number; msg: string; reason?: string }>();
  const startupTasks: StartupTasks = new Map();

  beforeAll(async () => {
    fake = await startFakeIssuer();
    await fake.down(); // its address is known, nothing answers there
    db = await openPglite(null);
    await migrate(db);
    await seedDemoData(db);
    const config = testConfig({ OIDC_ISSUER: fake.issuer(), OIDC_AUDIENCE: 'urn:gridlens:api' });
    const issuerKeys = createIssuerKeys(config.auth.issuer, { timeoutMs: 2000 });
    app = await buildAppOn(db, {
      config,
      embeddedProvider: null,
      verifyToken: configuredTokenVerifier(config, null, issuerKeys),
      startupTasks,
      log,
    });
    // As server.ts does, with short waits between attempts.
    stop = checkIssuerAtStartUp(config.auth.issuer, issuerKeys, startupTasks, app.log, [50]);
  });

  afterAll(async () => {
    stop();
    await app.close();
    await db.close();
    await fake.down();
  });

  it('keeps the portal not ready, saying why, logs the failure, and is ready once the provider answers', async () => {
    await vi.waitFor(() => expect(startupTasks.get(IDENTITY_PROVIDER_CHECK)).toMatch(/^unavailable/), { timeout: 5000 });
    const notReady = await inject(app, healthApi.ready);
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({
      status: 'unavailable',
      checks: {
        database: 'pglite',
        [IDENTITY_PROVIDER_CHECK]: expect.stringMatching(
          new RegExp(`^unavailable: OpenID discovery at ${fake.issuer()}/\\.well-known/openid-configuration failed: .*ECONNREFUSED`),
        ) as unknown,
      },
    });
    const failure = logLines.find((line) => line.level === 50 && line.reason);
    expect(failure?.msg).toMatch(/identity provider not reachable .*ECONNREFUSED.*trying again/);

    // Meanwhile the API answers 503 with the reason, not 500.
    const token = await fake.token({
      aud: 'urn:gridlens:api',
      'https://gridlens.io/roles': ['Operator'],
      'https://gridlens.io/app_metadata': { tenant: 'netzero' },
    });
    expect((await inject(app, configApi.tenantSettings, { headers: authHeaders(token, 'netzero') })).statusCode).toBe(503);

    await fake.up();
    await vi.waitFor(
      async () => {
        const ready = await inject(app, healthApi.ready);
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'pglite' } });
      },
      { timeout: 5000, interval: 50 },
    );
    expect(logLines.some((line) => line.msg.startsWith('identity provider ready'))).toBe(true);
    // The keys the check fetched serve the API at once (no 30 s hold of the earlier failure).
    expect((await inject(app, configApi.tenantSettings, { headers: authHeaders(token, 'netzero') })).statusCode).toBe(200);
  });
});
