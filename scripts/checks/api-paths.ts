/**
 * Fails when an API path is written anywhere but the contract's routes (`packages/contract/src/routes/*.ts` and
 * `route.ts`): the server binds, the web app calls and tests build their URLs from those routes, so a path
 * written by hand is a second source of truth that can drift. Only string literals and templates are read
 * (comments may name a path); a literal counts when it holds `/api/` or is `/api` itself.
 *
 * Run: `npm run check:api-paths` (part of `npm run lint`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

export interface StrayPath {
  file: string;
  line: number;
  text: string;
}

const API_PATH = /(?:^|[^\w.-])\/api(?:\/|$|[?#'"`])/;
/** Where paths may be written: the contract's routes and its prefix constants, and this check's own fixtures. */
const OWNERS = [/^packages\/contract\/src\/routes\//, /^packages\/contract\/src\/route\.ts$/, /^scripts\/checks\/api-paths\.test\.ts$/];
const SOURCE = /\.(?:ts|tsx|js|mjs|cjs|jsx)$/;

/** The string literals and template pieces of one source text that hold an API path. */
export function strayPathsIn(file: string, text: string): StrayPath[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: StrayPath[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) &&
      API_PATH.test(node.getText(source))
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ file, line: line + 1, text: node.getText(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every tracked source file of the repository outside the contract's routes, checked. */
export function strayPaths(root: string): StrayPath[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    // A file deleted or moved in the work tree stays in the index until the next commit: only what is there is read.
    .filter((file) => SOURCE.test(file) && !OWNERS.some((owner) => owner.test(file)) && existsSync(resolve(root, file)));
  return files.flatMap((file) => strayPathsIn(file, readFileSync(resolve(root, file), 'utf8')));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(import.meta.dirname, '../..');
  const stray = strayPaths(root);
  for (const { file, line, text } of stray) console.error(`${relative(root, resolve(root, file))}:${line}: ${text}`);
  if (stray.length > 0) {
    console.error(
      `\n${stray.length} API path(s) written outside packages/contract/src/routes: take them from the contract's routes (pathOf, urlOf).`,
    );
    process.exit(1);
  }
  console.log('API paths: only in the contract.');
}
