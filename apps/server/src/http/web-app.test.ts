import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@gridlens/contract/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createTestIssuer, buildAppOn } from '../../test/support/test-app';

// A built web app of the usual shape: index.html of a few kilobytes (its module preloads) and hashed scripts.
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Gridlens</title>${Array.from(
  { length: 40 },
  (_unused, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}.js">`,
).join('')}</head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const figures = [${Array.from({ length: 400 }, (_unused, i) => i).join(',')}];`;

describe('the web app as served', () => {
  let dist: string;
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gridlens-web-app-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), SCRIPT);
    // As the build leaves a large script: beside itself in brotli.
    writeFileSync(join(dist, 'assets', 'shell-def456.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'shell-def456.js.br'), brotliCompressSync(SCRIPT));
    db = await openPglite(null);
    await migrate(db);
    const { verifyToken } = await createTestIssuer();
    const config = loadConfig({ OIDC_ISSUER: 'https://issuer.test/', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist });
    app = await buildAppOn(db, { config, verifyToken, embeddedProvider: null });
  });

  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('gzips the HTML of a client-side route for a browser that accepts it, uncached', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets?filter=x', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(INDEX_HTML);
  });

  it('sends the same HTML plain to a client that asks for no encoding', async () => {
    const response = await app.inject({ method: 'GET', url: '/asset_detail/NZ-0001' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(INDEX_HTML);
  });

  it('sends Cross-Origin-Opener-Policy only where browsers apply it: https and loopback, not plain http at another address', async () => {
    const at = (host: string, proto?: string) =>
      app.inject({ method: 'GET', url: '/assets', headers: { host, ...(proto ? { 'x-forwarded-proto': proto } : {}) } });
    expect((await at('localhost:3000')).headers['cross-origin-opener-policy']).toBe('same-origin');
    expect((await at('127.0.0.1:3000')).headers['cross-origin-opener-policy']).toBe('same-origin');
    const remote = await at('192.0.2.2:3000');
    expect(remote.statusCode).toBe(200);
    expect(remote.headers['cross-origin-opener-policy']).toBeUndefined();
    // The rest of the protection stays.
    expect(remote.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(remote.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gzips the hashed scripts and caches them for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the brotli file the build left to a browser that takes brotli, and gzips on the fly for one that does not', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/shell-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(SCRIPT);
    const gzipped = await app.inject({ method: 'GET', url: '/assets/shell-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the HTML for every client-side route whose id holds a dot, which is no file extension', async () => {
    for (const url of [
      '/location/POI_54.1055_-6.7285',
      '/location/POI_54.1055_-6.7285?tab=visits',
      '/poi_snapshot/POI_54.1055_-6.7285',
      '/device/AB.12',
      '/asset/NZ.0001',
      '/asset_snapshot/NZ-0001.js',
      '/journey/POI_54.1_-6.7/POI_53.2_-6.1/2026-W40',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('answers the JSON 404 for a missing file and for unknown server paths, never the HTML', async () => {
    for (const url of [
      '/assets/gone-123.js',
      '/assets/gone',
      '/assets/nested/gone.css',
      `${API_PREFIX}/nothing-here/POI_54.1055_-6.7285`,
      `${API_PREFIX}/nothing-here`,
      '/oidc/nothing-here',
      '/favicon.png',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/json/);
    }
    const post = await app.inject({ method: 'POST', url: '/assets', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
