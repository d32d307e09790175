import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/env';
import type { Database } from '../db/database';
import { DEMO_USERS, demoAccountsBanner } from './demo-users';
import { createEmbeddedApp, signInThroughProvider } from '../../test/support/embedded-sign-in';
import { TEST_DATABASES } from '../../test/support/test-databases';

/** The embedded provider's login page as a signed-out browser at 127.0.0.1 first meets it. */
async function loginPage(app: FastifyInstance): Promise<string> {
  const host = '127.0.0.1:3000';
  const query = new URLSearchParams({
    client_id: 'gridlens-web',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: 'http://127.0.0.1:3000/',
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
  });
  const start = await app.inject({ method: 'GET', url: `/oidc/auth?${query.toString()}`, headers: { host } });
  const cookie = [start.headers['set-cookie']]
    .flat()
    .map((line) => String(line).split(';')[0])
    .join('; ');
  const page = await app.inject({ method: 'GET', url: String(start.headers.location), headers: { host, cookie } });
  expect(page.statusCode).toBe(200);
  return page.body;
}

describe('demo mode', () => {
  it('is on by default and off with NODE_ENV=production, demo data following it unless DEMO_DATA says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ demoMode: true, demoData: true });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ demoMode: false, demoData: false });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toMatchObject({ demoMode: true, demoData: true });
    expect(loadConfig({ DEMO_MODE: 'false' })).toMatchObject({ demoMode: false, demoData: false });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toMatchObject({ demoMode: false, demoData: true });
    expect(loadConfig({ DEMO_DATA: 'false' })).toMatchObject({ demoMode: true, demoData: false });
    expect(() => loadConfig({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
  });

  it('prints the demo accounts at start-up without a single password', () => {
    const banner = demoAccountsBanner(DEMO_USERS, 'http://localhost:3000');
    for (const user of DEMO_USERS) {
      expect(banner).toContain(user.email);
      expect(banner).not.toContain(user.password);
    }
  });
});

describe.each(TEST_DATABASES)('the sign-in page in and out of demo mode ($name)', (database) => {
  let db: Database;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await database.dispose(db);
  });

  it('lists the demo accounts with their passwords in demo mode', async () => {
    const app = await createEmbeddedApp(db);
    try {
      const page = await loginPage(app);
      for (const user of DEMO_USERS) expect(page).toContain(user.password);
    } finally {
      await app.close();
    }
  });

  it('with NODE_ENV=production shows no demo account nor password, and a demo password signs nobody in', async () => {
    const app = await createEmbeddedApp(db, { NODE_ENV: 'production' });
    try {
      const page = await loginPage(app);
      expect(page).toContain('name="password"');
      for (const user of DEMO_USERS) {
        expect(page).not.toContain(user.email);
        expect(page).not.toContain(user.password);
      }
      await expect(
        signInThroughProvider(app, 'http://127.0.0.1:3000', { email: DEMO_USERS[0]!.email, password: DEMO_USERS[0]!.password }),
      ).rejects.toThrow(/refused the password/);
      expect(
        (await app.inject({ method: 'GET', url: '/oidc/avatar/user-power-1.svg', headers: { host: '127.0.0.1:3000' } })).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});
