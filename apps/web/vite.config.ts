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
const SILENT_RENEW_ENTRY = fileURLToPath(new URL('./src/silent-renew.ts', import.meta.url));
const EARLY_START_ENTRY = fileURLToPath(new URL('./src/early-start.ts', import.meta.url));

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
 * The shell: what the app imports before any screen (the main entry's static imports), less the entry itself and
 * what the silent-renew page and the early start script import (so that they load no more than that). Computed
 * once per build.
 */
let shellModules: Set<string> | null = null;
function shellChunk(id: string, ctx: { getModuleInfo: (id: string) => Rolldown.ModuleInfo | null }): string | null {
  if (!shellModules) {
    shellModules = staticImports(ctx, MAIN_ENTRY);
    for (const shared of staticImports(ctx, SILENT_RENEW_ENTRY)) shellModules.delete(shared);
    for (const shared of staticImports(ctx, EARLY_START_ENTRY)) shellModules.delete(shared);
    shellModules.delete(MAIN_ENTRY);
  }
  // Zod's config module is the shell's, its schemas the screens': left to the default split, the shell takes only that.
  return shellModules.has(id) && !/node_modules[\\/]zod[\\/]/.test(id) ? 'shell' : null;
}

/** What the early start script imports, which the shell imports too: one small file, fetched beside the script. */
let earlyStartModules: Set<string> | null = null;
function earlyStartChunk(id: string, ctx: { getModuleInfo: (id: string) => Rolldown.ModuleInfo | null }): string | null {
  if (!earlyStartModules) {
    earlyStartModules = staticImports(ctx, EARLY_START_ENTRY);
    earlyStartModules.delete(EARLY_START_ENTRY);
  }
  return earlyStartModules.has(id) ? 'early-start-shared' : null;
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

/**
 * English, the language of every new user until they choose another (lib/language-preference.ts), is fetched beside
 * the shell instead of after it has run: the first screen cannot render before its texts.
 */
function preloadDefaultCatalogue(): Plugin {
  return {
    name: 'gridlens-preload-default-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return [];
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && /[\\/]locales[\\/]en\.json$/.test(output.facadeModuleId ?? ''),
        );
        if (!chunk) throw new Error('no chunk of the English catalogue to preload');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The screens whose code the early start script fetches for a user still signed in, by path: the modules their route
 * in src/app/routes.tsx imports (`lazy` and `handle.preload`). Only screens whose data it also asks for early
 * (src/lib/api/first-requests.ts).
 */
const EARLY_SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/assets': ['./src/features/assets/assets-page.tsx', './src/lib/api/assets.ts'].map((file) =>
    fileURLToPath(new URL(file, import.meta.url)),
  ),
};

/** A chunk's file and every file it imports statically, directly or not. */
function chunkClosure(bundle: Rolldown.OutputBundle, fileName: string, files = new Set<string>()): Set<string> {
  if (files.has(fileName)) return files;
  files.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) chunkClosure(bundle, imported, files);
  return files;
}

/** For each screen of EARLY_SCREENS, the files its route loads beyond the entries' own (`/assets/…`). */
function earlyScreenFiles(bundle: Rolldown.OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
  const shell = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) chunkClosure(bundle, entry.fileName, shell);
  return Object.fromEntries(
    Object.entries(EARLY_SCREENS).map(([path, modules]) => {
      const files = new Set<string>();
      for (const id of modules) {
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) throw new Error(`no chunk holds ${id}`);
        chunkClosure(bundle, chunk.fileName, files);
      }
      return [path, [...files].filter((file) => !shell.has(file)).map((file) => `/${file}`)];
    }),
  );
}

/**
 * The early start script (src/early-start.ts), its own small entry, is run by index.html before the shell, as soon
 * as it arrives (async): it asks for a signed-in user's first data while the shell downloads. Its imports are
 * preloaded with it, so that it waits for one round trip, not two.
 */
function earlyStartScript(): Plugin {
  return {
    name: 'gridlens-early-start-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return [];
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk' && output.facadeModuleId === EARLY_START_ENTRY,
        );
        if (!chunk) throw new Error('no chunk of the early start script');
        // Its imports are the shell's too: their one preload link each moves ahead of the shell's.
        const preloadLink = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
        return {
          html: html
            .split('\n')
            .filter((line) => !chunk.imports.some((file) => line.trim() === preloadLink(file)))
            .join('\n'),
          tags: [
            // Data, not a script: which files the first screen's route loads (src/lib/early-screen-code.ts).
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'early-screen-code' },
              children: JSON.stringify(earlyScreenFiles(ctx.bundle ?? {})),
              injectTo: 'head-prepend',
            },
            {
              tag: 'script',
              attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
              injectTo: 'head-prepend',
            },
            ...chunk.imports.map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head-prepend' as const,
            })),
          ],
        };
      },
    },
  };
}

const serverUrl = process.env['GRIDLENS_SERVER_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), earlyStartScript(), preloadDefaultCatalogue(), precompress()],
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
        earlyStart: EARLY_START_ENTRY,
      },
      // The shell travels as one file, not some forty: over HTTP/1.1 a browser fetches six at a time, and on a slow
      // network each round trip costs as much as the bytes. Every screen keeps its own chunks.
      output: {
        codeSplitting: {
          groups: [
            { name: shellChunk, includeDependenciesRecursively: false },
            { name: earlyStartChunk, includeDependenciesRecursively: false },
          ],
        },
      },
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
