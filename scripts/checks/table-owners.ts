/**
 * Fails when the server's SQL crosses a table's owner. Each part of the server (a module under
 * `apps/server/src/modules/<name>/`, or a top-level folder such as `oidc`) declares in `<name>.tables.ts` the tables
 * it owns and the tables of other parts it reads (apps/server/src/db/table-ownership.ts). The check reads the SQL in
 * every non-test source file's string literals and templates and fails on:
 *   - a write (INSERT, UPDATE, DELETE, COPY, TRUNCATE) to a table the part does not own;
 *   - a read (FROM, JOIN, USING, or a table named on its own in a string) of another part's table that the part has
 *     not declared;
 *   - a declared read against the import direction: a module may read the tables of a module that does not import it
 *     (directly or through other modules), so that data flows along the same arrows as the code and a module never
 *     reads a module built on top of it;
 *   - a table of the migrations that no part owns, or that two parts claim, and a declared read that no SQL makes.
 *
 * Run: `npm run check:table-owners` (part of `npm run lint`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { TableOwnership } from '../../apps/server/src/db/table-ownership';

const SERVER = 'apps/server/src/';
const MIGRATIONS = /^apps\/server\/src\/db\/migrations\//;
const SOURCE = /\.ts$/;
const TEST = /\.test\.ts$/;
const IDENT = '([a-z_][a-z0-9_]*)';
const WRITES = [
  new RegExp(`\\bINSERT\\s+INTO\\s+${IDENT}`, 'gi'),
  new RegExp(`\\bUPDATE\\s+${IDENT}(?:\\s+(?:AS\\s+)?[a-z_][a-z0-9_]*)?\\s+SET\\b`, 'gi'),
  new RegExp(`\\bDELETE\\s+FROM\\s+${IDENT}`, 'gi'),
  new RegExp(`\\bTRUNCATE\\s+(?:TABLE\\s+)?${IDENT}`, 'gi'),
  new RegExp(`\\bCOPY\\s+${IDENT}`, 'gi'),
];
const READS = [new RegExp(`\\b(?:FROM|JOIN|USING)\\s+${IDENT}`, 'gi')];

/** Where a table is touched: a file and line, for the message. */
export type Place = string;
export interface PartUse {
  writes: Map<string, Place>;
  reads: Map<string, Place>;
}

/**
 * The part a server file belongs to: a module's folder name (`assets`), or outside the modules its folder under src
 * (`src/oidc`), or `src` for the files at the top (app.ts, the module graph, server.ts).
 */
export function partOf(file: string): string | null {
  if (!file.startsWith(SERVER)) return null;
  const rest = file.slice(SERVER.length).split('/');
  if (rest[0] === 'modules' && rest.length > 2) return rest[1] ?? null;
  return rest.length > 1 ? `src/${rest[0]}` : 'src';
}
const isModule = (part: string) => !part.startsWith('src');

/**
 * Whether a string on its own may name a table: as a call's argument (`deleteOlderThan(tx, 'power_device_hourly')`),
 * in a list (the tables VACUUM reads) or as a `table:` property; not as any other property's value (a section
 * `{ id: 'locations' }`, a module's `name: 'feedback'`).
 */
function namesTable(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isCallExpression(parent) || ts.isArrayLiteralExpression(parent)) return true;
  return ts.isPropertyAssignment(parent) && parent.initializer === node && parent.name.getText() === 'table';
}

/** The SQL-looking text of a source: each string literal and each template, its substitutions as `?`. */
function textsOf(file: string, source: string): { text: string; line: number; bare: boolean }[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const texts: { text: string; line: number; bare: boolean }[] = [];
  const lineOf = (node: ts.Node) => tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      texts.push({ text: node.text, line: lineOf(node), bare: namesTable(node) });
    else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => ` ? ${span.literal.text}`).join('');
      texts.push({ text, line: lineOf(node), bare: false });
      node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return texts;
}

/** The known tables one source file writes and reads, with the line of the first use of each. */
export function tablesIn(file: string, source: string, known: ReadonlySet<string>): PartUse {
  const use: PartUse = { writes: new Map(), reads: new Map() };
  const add = (into: Map<string, Place>, table: string, line: number) => {
    if (known.has(table) && !into.has(table)) into.set(table, `${file}:${line}`);
  };
  for (const { text, line, bare } of textsOf(file, source)) {
    // A table named on its own (a prune step's or VACUUM's list, a table chosen by a map) is a reference: a read.
    if (bare && known.has(text)) add(use.reads, text, line);
    for (const pattern of WRITES) for (const match of text.matchAll(pattern)) add(use.writes, match[1]!.toLowerCase(), line);
    for (const pattern of READS) for (const match of text.matchAll(pattern)) add(use.reads, match[1]!.toLowerCase(), line);
  }
  return use;
}

/** Every table the migrations and the migrator create and do not drop again. */
export function tablesCreatedIn(sql: string): string[] {
  const named = (pattern: RegExp) => [...sql.matchAll(pattern)].map((m) => m[1]!.toLowerCase());
  const dropped = new Set(named(/\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?([a-z_][a-z0-9_]*)/gi));
  return named(/\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)/gi).filter((table) => !dropped.has(table));
}

/** The parts each part reaches through its imports (itself excluded). */
export function reachable(imports: ReadonlyMap<string, ReadonlySet<string>>): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const start of imports.keys()) {
    const seen = new Set<string>();
    const stack = [...(imports.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === start || seen.has(next)) continue;
      seen.add(next);
      stack.push(...(imports.get(next) ?? []));
    }
    result.set(start, seen);
  }
  return result;
}

export interface Inputs {
  tables: ReadonlySet<string>;
  declarations: ReadonlyMap<string, TableOwnership>;
  uses: ReadonlyMap<string, PartUse>;
  imports: ReadonlyMap<string, ReadonlySet<string>>;
}

/** What breaks the rule, one line each. */
export function ownershipProblems({ tables, declarations, uses, imports }: Inputs): string[] {
  const problems: string[] = [];
  const ownerOf = new Map<string, string>();
  for (const [part, declared] of declarations) {
    for (const table of declared.owns) {
      const other = ownerOf.get(table);
      if (other !== undefined) problems.push(`${table}: owned by both ${other} and ${part}; a table has one owner`);
      else if (!tables.has(table)) problems.push(`${part} declares it owns ${table}, which no migration creates`);
      else ownerOf.set(table, part);
    }
  }
  for (const table of tables) if (!ownerOf.has(table)) problems.push(`${table}: no part owns it; declare it in its owner's *.tables.ts`);
  const reaches = reachable(imports);
  for (const [part, use] of uses) {
    const declared = declarations.get(part);
    for (const [table, place] of use.writes) {
      const owner = ownerOf.get(table);
      if (owner !== part) problems.push(`${place}: ${part} writes ${table}, which ${owner ?? 'no part'} owns; write through its owner`);
    }
    for (const [table, place] of use.reads) {
      const owner = ownerOf.get(table);
      if (owner === part || owner === undefined) continue;
      if (!declared?.reads?.[owner]?.includes(table))
        problems.push(`${place}: ${part} reads ${owner}'s ${table} without declaring it in its *.tables.ts`);
    }
  }
  for (const [part, declared] of declarations) {
    const use = uses.get(part);
    for (const [owner, read] of Object.entries(declared.reads ?? {})) {
      for (const table of read) {
        if (ownerOf.get(table) !== owner) problems.push(`${part} declares a read of ${owner}'s ${table}, but ${owner} does not own it`);
        else if (!use?.reads.has(table)) problems.push(`${part} declares a read of ${owner}'s ${table} that none of its SQL makes`);
      }
      if (reaches.get(owner)?.has(part))
        problems.push(
          `${part} reads ${owner}'s tables, but ${owner} imports ${part}: a read against the arrows; ask ${owner} through a port or hook`,
        );
    }
  }
  return problems;
}

/** The server's relative imports between modules (tests left out; the composition root imports them all, and is left out). */
function importsBetweenParts(root: string, files: readonly string[]): Map<string, Set<string>> {
  const known = new Set(files);
  const imports = new Map<string, Set<string>>();
  for (const file of files) {
    const from = partOf(file);
    if (from === null || !isModule(from)) continue;
    const targets = imports.get(from) ?? new Set<string>();
    imports.set(from, targets);
    for (const { fileName } of ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const stem = normalize(join(dirname(file), fileName)).replace(/\.(js|ts)$/, '');
      const target = [`${stem}.ts`, `${stem}/index.ts`].find((candidate) => known.has(candidate));
      const to = target ? partOf(target) : null;
      if (to !== null && to !== from && isModule(to)) targets.add(to);
    }
  }
  return imports;
}

/** Reads the repository at `root`: its tables, its parts' declarations and SQL, and the imports between its parts. */
export async function repositoryInputs(root: string): Promise<Inputs> {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', SERVER], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !MIGRATIONS.test(file));
  const source = (file: string) => readFileSync(join(root, file), 'utf8');
  const sources = files.filter((file) => SOURCE.test(file) && !TEST.test(file));
  const migrationSql = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', `${SERVER}db/migrations`], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file.endsWith('.sql'))
    .map(source)
    .join('\n');
  const tables = new Set([...tablesCreatedIn(migrationSql), ...sources.flatMap((file) => tablesCreatedIn(source(file)))]);

  const declarations = new Map<string, TableOwnership>();
  for (const file of sources.filter((f) => f.endsWith('.tables.ts'))) {
    const part = partOf(file);
    const module = (await import(pathToFileURL(resolve(root, file)).href)) as { TABLES?: TableOwnership };
    if (part === null || !module.TABLES) throw new Error(`${file}: export const TABLES: TableOwnership`);
    declarations.set(part, module.TABLES);
  }
  const uses = new Map<string, PartUse>();
  for (const file of sources) {
    const part = partOf(file);
    if (part === null) continue;
    const found = tablesIn(file, source(file), tables);
    const use = uses.get(part) ?? { writes: new Map(), reads: new Map() };
    for (const [table, place] of found.writes) if (!use.writes.has(table)) use.writes.set(table, place);
    for (const [table, place] of found.reads) if (!use.reads.has(table)) use.reads.set(table, place);
    uses.set(part, use);
  }
  return { tables, declarations, uses, imports: importsBetweenParts(root, sources) };
}

/** Reads the repository at `root` and checks it. */
export const tableOwnerProblems = async (root: string): Promise<string[]> => ownershipProblems(await repositoryInputs(root));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(import.meta.dirname, '../..');
  const problems = await tableOwnerProblems(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} table ownership problem(s): each table is written by its owner and read along the imports.`);
    process.exit(1);
  }
  console.log('Tables: each written by its owner, read as declared and along the imports.');
}
