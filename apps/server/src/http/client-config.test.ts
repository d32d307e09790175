import { describe, expect, it } from 'vitest';
import { clientConfigApi } from '@gridlens/contract/client-config';
import { loadConfig } from '../config/env';
import { openPglite } from '../db/database';
import { migrate } from '../db/migrate';
import { inject } from '../../test/support/inject';
import { createTestIssuer, buildAppOn } from '../../test/support/test-app';

async function clientConfigWith(env: Record<string, string>) {
  const db = await openPglite(null);
  await migrate(db);
  const { verifyToken } = await createTestIssuer();
  const config = loadConfig({ OIDC_ISSUER: 'https://issuer.test/', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...env });
  const app = await buildAppOn(db, { config, verifyToken, embeddedProvider: null });
  try {
    const response = await inject(app, clientConfigApi.get);
    return { body: response.json(), csp: String(response.headers['content-security-policy']) };
  } finally {
    await app.close();
    await db.close();
  }
}

describe('the map tiles in the client configuration', () => {
  it('are null by default, so the map draws on a plain background and needs no outside server', async () => {
    expect((await clientConfigWith({})).body.mapTiles).toBeNull();
  });

  it('carry MAP_TILE_URL, its attribution and highest zoom, and a plain-http tile server is allowed as an image source', async () => {
    const { body, csp } = await clientConfigWith({
      MAP_TILE_URL: 'http://tiles.example.internal:8080/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
      MAP_TILE_MAX_ZOOM: '19',
    });
    expect(body.mapTiles).toEqual({
      url: 'http://tiles.example.internal:8080/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
    });
    expect(csp).toMatch(/img-src [^;]*http:\/\/tiles\.example\.internal:8080/);
  });

  it('turn {s} subdomains of a plain-http server into a wildcard source, and zoom to 18 unless told', async () => {
    const { body, csp } = await clientConfigWith({ MAP_TILE_URL: 'http://{s}.tiles.example.internal/{z}/{x}/{y}.png' });
    expect(csp).toMatch(/img-src [^;]*http:\/\/\*\.tiles\.example\.internal/);
    expect(body.mapTiles?.maxZoom).toBe(18);
  });

  it('refuses a tile URL without its placeholders or with another scheme, naming MAP_TILE_URL', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_TILE_MAX_ZOOM: '30' })).toThrow(
      /MAP_TILE_MAX_ZOOM/,
    );
  });
});

describe('the identity provider in the client configuration', () => {
  it('carries the roles claim path and the extra authorization parameters', async () => {
    // (An external issuer is sent audience=OIDC_AUDIENCE unless told otherwise: config-env.test.ts.)
    const rfc8707 = await clientConfigWith({
      OIDC_ROLES_CLAIM: 'realm_access.roles',
      OIDC_AUTHORIZATION_PARAMS: 'resource=urn%3Agridlens%3Aapi',
    });
    expect(rfc8707.body).toMatchObject({
      authority: 'https://issuer.test/',
      rolesClaim: 'realm_access.roles',
      authorizationParams: { resource: 'urn:gridlens:api' },
    });
    expect(rfc8707.body).not.toHaveProperty('audience');
  });
});
