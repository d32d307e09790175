import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
// Relative, so that Vite bundles it into the config (the package's TypeScript is not loadable by Node itself).
import { API_PREFIX } from '../../packages/contract/src/route';

const MAIN_ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const START_MODULE = fileURLToPath(new URL('./src/start.tsx', import.meta.url));
const SILENT_RENEW_ENTRY = fileURLToPath(new URL('./src/silent-renew.ts', import.meta.url));

/** Every module `root` imports statically, directly or not (itself included). */
function staticImports(ctx: { getModuleInfo: (id: string) => Rolldown.ModuleInfo | null }, root: string): Set<string> {
  const seen = new Set<string>();
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The shell: what the app imports before any screen (src/start.tsx's static imports), less start.tsx itself, what the
 * main entry imports (it must not wait for the shell: it asks for the screen's chunk meanwhile) and what the
 * silent-renew page imports (so that it loads no more than that). Computed once per build.
 */
let shellModules: Set<string> | null = null;
function shellChunk(id: string, ctx: { getModuleInfo: (id: string) => Rolldown.ModuleInfo | null }): string | null {
  if (!shellModules) {
    shellModules = staticImports(ctx, START_MODULE);
    for (const shared of [...staticImports(ctx, SILENT_RENEW_ENTRY), ...staticImports(ctx, MAIN_ENTRY)]) shellModules.delete(shared);
    shellModules.delete(START_MODULE);
  }
  // Zod's config module is the shell's, its schemas the screens': left to the default split, the shell takes only that.
  return shellModules.has(id) && !/node_modules[\\/]zod[\\/]/.test(id) ? 'shell' : null;
}

/**
 * Writes each built script, style sheet and page beside itself compressed once and for all, at the strongest
 * settings (brotli 11, gzip 9), which the server sends as they are (@fastify/static preCompressed): about a fifth
 * fewer bytes than compressing on the fly at a level fast enough for each request, and no work per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'gridlens-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? fileURLToPath(new URL('./dist', import.meta.url));
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      for (const file of files) {
        const data = await readFile(join(dir, file));
        if (data.length < 1024) continue;
        const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
        await writeFile(join(dir, `${file}.br`), await brotli(data, { params }));
        await writeFile(join(dir, `${file}.gz`), await gzipAsync(data, { level: 9 }));
      }
    },
  };
}

type Chunks = ReadonlyMap<string, Rolldown.OutputChunk>;

/**
 * Names the files `pick` chooses from the built chunks (by file name) in index.html as module preloads, so that the
 * browser fetches them from the first moment, beside the main entry, and not only once a script has asked for them.
 */
function preloadInIndex(name: string, pick: (chunks: Chunks) => Iterable<string>): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return [];
        const chunks = new Map(
          Object.values(ctx.bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])),
        );
        return [...new Set(pick(chunks))]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * English, the language of every new user until they choose another (lib/language-preference.ts), is fetched beside
 * the shell instead of after it has run: the first screen cannot render before its texts.
 */
const preloadDefaultCatalogue = () =>
  preloadInIndex('gridlens-preload-default-catalogue', (chunks) => {
    const chunk = [...chunks.values()].find((output) => /[\\/]locales[\\/]en\.json$/.test(output.facadeModuleId ?? ''));
    if (!chunk) throw new Error('no chunk of the English catalogue to preload');
    return [chunk.fileName];
  });

/**
 * The app (src/start.tsx and the shell) is imported by the main entry dynamically, after it has asked for the screen's
 * chunk; its files, start.tsx's chunk and every chunk that one imports, are preloaded all the same.
 */
const preloadApp = () =>
  preloadInIndex('gridlens-preload-app', (chunks) => {
    const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId === START_MODULE);
    if (!start) throw new Error('no chunk of src/start.tsx to preload');
    const files = new Set<string>();
    for (let queue = [start.fileName], file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (files.has(file)) continue;
      files.add(file);
      queue.push(...(chunks.get(file)?.imports ?? []));
    }
    return files;
  });

const serverUrl = process.env['GRIDLENS_SERVER_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), preloadApp(), preloadDefaultCatalogue(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 follows modulepreload links itself.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        silentRenew: fileURLToPath(new URL('./silent-renew.html', import.meta.url)),
      },
      // The shell travels as one file, not some forty: over HTTP/1.1 a browser fetches six at a time, and on a slow
      // network each round trip costs as much as the bytes. Every screen keeps its own chunks.
      output: { codeSplitting: { groups: [{ name: shellChunk, includeDependenciesRecursively: false }] } },
    },
  },
  // `npm run dev` in apps/web: the API, identity provider and client config come from the server, started with
  // PUBLIC_URL=http://localhost:5173. The Host header is kept (the string form would rewrite it to the server's),
  // so that the identity provider builds its sign-in URLs on this origin, where the browser is.
  server: {
    proxy: Object.fromEntries(
      [API_PREFIX, '/oidc', '/client-config.json', '/healthz', '/readyz', '/ingest'].map((path) => [
        path,
        { target: serverUrl, changeOrigin: false },
      ]),
    ),
  },
});
