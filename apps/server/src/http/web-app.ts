import { existsSync, readdirSync } from 'node:fs';
import { API_PREFIX } from '@gridlens/contract/route';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The web app's build output inside this repository, wherever the server is started from. */
const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Paths that belong to the server, never to the single-page app. */
const SERVER_PREFIXES = [API_PREFIX, '/oidc', '/ingest/', '/healthz', '/readyz', '/client-config.json'];

/**
 * Serves the built web app, precompressed where the build left .br and .gz files. Hashed files under /assets are cached for a year; index.html is
 * never cached, so a deploy reaches users on their next navigation. Unknown GET paths outside the
 * API get index.html (client-side routes); everything else answers the JSON 404 (see `isFileRequest`).
 *
 * The client-side routes are a route of their own (GET /*, below every other route), not the not-found
 * handler: compression is attached to routes, and the HTML, the first thing a browser waits for, is gzipped
 * like the scripts.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<boolean> {
  const root = resolve(distDir ?? DEFAULT_DIST_DIR);
  const available = existsSync(resolve(root, 'index.html'));
  if (available) {
    const folders = new Set(
      readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    );
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes each file beside itself as .br and .gz at the strongest settings (apps/web/vite.config.ts):
      // sent as they are to a browser that takes them; a file without them is compressed on the fly.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const immutable = path.includes(`${root}/assets/`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Hidden from the OpenAPI document: it serves the web app's pages, not the API (an undocumented, unsecured
    // operation there fails an integrator's lint and code generation).
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isServerPath = SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));
      if (isServerPath || isFileRequest(path, folders)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    return reply.status(404).send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
  });
  return available;
}

/**
 * Whether a GET path that matched no file asks for a file that is missing (a JSON 404, so that a stale chunk fails
 * as a chunk and a missing icon is not answered with HTML) rather than for a client-side route (index.html): a path
 * inside one of the build's folders (`/assets/x.js`), or a single segment with an extension (`/favicon.png`, as the
 * build's own files at its root are named). A dot alone proves nothing: ids hold them (`/location/POI_54.1055_-6.7285`,
 * `/device/AB.12`), and every client-side route with a parameter has at least two segments.
 */
export function isFileRequest(path: string, folders: ReadonlySet<string>): boolean {
  const segments = path.split('/').filter((segment) => segment !== '');
  const first = segments[0];
  if (first === undefined) return false;
  if (segments.length > 1) return folders.has(safeDecode(first));
  return /\.[a-z0-9]+$/i.test(first);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
