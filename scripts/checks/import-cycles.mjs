// Fails when the repository's TypeScript files import each other in a loop, type-only imports included.
// eslint-plugin-import-x's no-cycle (also on, in eslint.config.js) skips `import type` unconditionally, and the
// loop that made this check necessary (five files of the server's alerts module) was made of type imports:
// a loop of types is still files that cannot be read, moved or tested apart.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

const root = normalize(join(dirname(new URL(import.meta.url).pathname), '../..'));
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.endsWith('.d.ts') && existsSync(join(root, file)));
const known = new Set(files);

/** Workspace packages export `./*` as `./src/*.ts`; the web app's `@/` is its src folder. */
const ALIASES = [
  { prefix: '@gridlens/contract/', to: 'packages/contract/src/' },
  { prefix: '@gridlens/domain/', to: 'packages/domain/src/' },
  { prefix: '@gridlens/i18n/', to: 'packages/i18n/src/' },
];

function resolve(from, specifier) {
  let base = null;
  if (specifier.startsWith('.')) base = normalize(join(dirname(from), specifier));
  else if (specifier.startsWith('@/') && from.startsWith('apps/web/')) base = `apps/web/src/${specifier.slice(2)}`;
  else {
    const alias = ALIASES.find((a) => specifier.startsWith(a.prefix));
    if (alias) base = alias.to + specifier.slice(alias.prefix.length);
  }
  if (base === null) return null;
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`].find((candidate) => known.has(candidate)) ?? null;
}

const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    return [file, [...new Set(importedFiles.map((i) => resolve(file, i.fileName)).filter((target) => target !== null))]];
  }),
);

// Tarjan's strongly connected components: each component of more than one file (or a file importing itself) is a loop.
let index = 0;
const indexOf = new Map();
const lowOf = new Map();
const stack = [];
const onStack = new Set();
const loops = [];
function visit(file) {
  indexOf.set(file, index);
  lowOf.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      lowOf.set(file, Math.min(lowOf.get(file), lowOf.get(next)));
    } else if (onStack.has(next)) lowOf.set(file, Math.min(lowOf.get(file), indexOf.get(next)));
  }
  if (lowOf.get(file) !== indexOf.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (graph.get(file) ?? []).includes(file)) loops.push(component.sort());
}
for (const file of files) if (!indexOf.has(file)) visit(file);

if (loops.length > 0) {
  process.stderr.write(`Import cycles (type-only imports count too):\n${loops.map((loop) => `  ${loop.join('\n    ⇄ ')}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`No import cycles among ${files.length} TypeScript files.\n`);
