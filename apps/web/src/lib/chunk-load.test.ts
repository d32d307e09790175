import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUnguardedImports } from './find-unguarded-imports';

const SRC = new URL('..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the chunk timeout of spec §9', () => {
  it('covers every dynamic import of the web app: each goes through loadChunk', () => {
    const unguarded = sourceFiles(SRC).flatMap((path) =>
      findUnguardedImports(path, readFileSync(path, 'utf8')).map(({ line, text }) => `${relative(SRC, path)}:${line} ${text}`),
    );
    expect(unguarded).toEqual([]);
  });

  it('is told apart from the ways around it', () => {
    const check = (source: string) => findUnguardedImports('sample.tsx', source).map(({ line }) => line);
    expect(check("const A = lazy(() => loadChunk(() => import('./a')));")).toEqual([]);
    expect(check("const m = loadChunk(() => (import('./a')));")).toEqual([]);
    expect(check("type M = typeof import('./a');")).toEqual([]);
    expect(check("const A = lazy(() => import('./a'));")).toEqual([1]);
    expect(check("\nconst m = await import('./a');")).toEqual([2]);
    expect(check("void import('./a').then((m) => m.run());")).toEqual([1]);
    // The import must be what loadChunk waits for, not something beside it.
    expect(check("loadChunk(() => { void import('./a'); return import('./b'); });")).toEqual([1, 1]);
    expect(check("loadChunk(() => other()).then(() => import('./a'));")).toEqual([1]);
    expect(check("notLoadChunk(() => import('./a'));")).toEqual([1]);
  });
});
