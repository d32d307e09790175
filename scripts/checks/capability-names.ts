/**
 * Holds the tree to the capability manifest (`packages/contract/src/capabilities.ts`): one name per capability on
 * both halves. Fails, one line per problem, when a server module folder, web feature folder, web client file,
 * contract routes file, API catalogue key or i18n namespace belongs to no capability (nor to the shared namespaces
 * and client files);
 * when the manifest names a part that does not exist; or when a capability's parts do not follow its name. It also
 * renders the manifest as the table between the capability markers of docs/architecture.md: `--write` rewrites
 * that block, and without it a stale block fails.
 *
 * Run: `npm run check:capabilities` (part of `npm run lint`); `npm run check:capabilities -- --write` after
 * changing the manifest.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { API_CATALOGUE } from '../../packages/contract/src/api-catalogue';
import {
  CAPABILITIES,
  type Capability,
  moduleOf,
  namespaceOf,
  SHARED_CLIENT_FILES,
  SHARED_NAMESPACES,
} from '../../packages/contract/src/capabilities';

/** Where each part lives, relative to the repository's root. */
export const PLACES = {
  contract: 'packages/contract/src/routes',
  module: 'apps/server/src/modules',
  feature: 'apps/web/src/features',
  client: 'apps/web/src/lib/api',
  locales: 'packages/i18n/locales',
  doc: 'docs/architecture.md',
} as const;

export const TABLE_START = '<!-- capabilities:start -->';
export const TABLE_END = '<!-- capabilities:end -->';

/** What the tree holds, by kind of part: names only (`alerts`, not `routes/alerts.ts`). */
export interface Tree {
  contracts: readonly string[];
  modules: readonly string[];
  features: readonly string[];
  clients: readonly string[];
  namespaces: readonly string[];
  /** The API catalogue's keys (packages/contract/src/api-catalogue.ts), when read. */
  catalogue?: readonly string[];
}

/** The manifest as the check reads it. */
export interface Manifest {
  capabilities: readonly Capability[];
  sharedNamespaces: readonly string[];
  sharedClients: readonly string[];
}

export const MANIFEST: Manifest = {
  capabilities: CAPABILITIES,
  sharedNamespaces: SHARED_NAMESPACES.map((shared) => shared.namespace),
  sharedClients: SHARED_CLIENT_FILES.map((shared) => shared.file),
};

const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MANIFEST_FILE = 'packages/contract/src/capabilities.ts';
const CATALOGUE_FILE = 'packages/contract/src/api-catalogue.ts';

const contractPath = (name: string) => `${PLACES.contract}/${name}.ts`;
const modulePath = (name: string) => `${PLACES.module}/${name}/`;
const featurePath = (name: string) => `${PLACES.feature}/${name}/`;
const clientPath = (name: string) => `${PLACES.client}/${name}.ts`;
const namespacePath = (name: string) => `i18n namespace '${name}' (${PLACES.locales}/*.json)`;

/** Every problem of the tree against the manifest, one line each; none when they agree. */
export function capabilityProblems(manifest: Manifest, tree: Tree): string[] {
  const problems: string[] = [];
  const { capabilities } = manifest;

  // The manifest itself: kebab-case names, each once, a hosting module that prefixes the name.
  const seen = new Set<string>();
  for (const capability of capabilities) {
    const { name } = capability;
    if (!KEBAB.test(name)) problems.push(`${MANIFEST_FILE}: capability '${name}' is not a kebab-case name`);
    if (seen.has(name)) problems.push(`${MANIFEST_FILE}: capability '${name}' is listed twice`);
    seen.add(name);
    if (typeof capability.module === 'string' && capability.module !== name && !name.startsWith(`${capability.module}-`))
      problems.push(
        `${MANIFEST_FILE}: capability '${name}' is hosted by module '${capability.module}', whose name is not its prefix ` +
          `(a module hosts the capabilities named '${capability.module}-…')`,
      );
  }
  for (const shared of manifest.sharedNamespaces)
    if (capabilities.some((c) => c.namespace && namespaceOf(c.name) === shared))
      problems.push(
        `${MANIFEST_FILE}: namespace '${shared}' is both shared and capability '${capabilities.find((c) => namespaceOf(c.name) === shared)?.name}'s`,
      );

  const capabilityNamed = (name: string, test: (c: Capability) => string | null) => capabilities.find((c) => test(c) === name);
  /** A folder, file or namespace of the tree that no capability owns: what the manifest would need. */
  const orphan = (where: string, name: string, owner: Capability | undefined, part: string, fix: string) =>
    owner
      ? `${where}: capability '${owner.name}' declares no ${part}; the manifest expects none here (set ${fix} in its entry, or remove this)`
      : `${where}: belongs to no capability; the manifest expects a capability named '${name}' with ${fix} (or rename this after its capability)`;

  // Every part of the tree belongs to a capability (or the shared lists).
  const has = {
    contract: (c: Capability) => (c.contract ? c.name : null),
    module: (c: Capability) => moduleOf(c),
    feature: (c: Capability) => (c.feature ? c.name : null),
    client: (c: Capability) => (c.client ? c.name : null),
    namespace: (c: Capability) => (c.namespace ? namespaceOf(c.name) : null),
  };
  const named = (name: string) => capabilities.find((c) => c.name === name);
  for (const name of tree.contracts)
    if (!capabilityNamed(name, has.contract)) problems.push(orphan(contractPath(name), name, named(name), 'contract', 'contract: true'));
  for (const name of tree.modules)
    if (!capabilityNamed(name, has.module)) problems.push(orphan(modulePath(name), name, named(name), 'module', 'module: true'));
  for (const name of tree.features)
    if (!capabilityNamed(name, has.feature)) problems.push(orphan(featurePath(name), name, named(name), 'feature', 'feature: true'));
  for (const name of tree.clients)
    if (!capabilityNamed(name, has.client) && !manifest.sharedClients.includes(name))
      problems.push(orphan(clientPath(name), name, named(name), 'client', 'client: true'));
  for (const namespace of tree.namespaces)
    if (!capabilityNamed(namespace, has.namespace) && !manifest.sharedNamespaces.includes(namespace)) {
      const owner = capabilities.find((c) => namespaceOf(c.name) === namespace);
      problems.push(
        owner
          ? `${namespacePath(namespace)}: capability '${owner.name}' declares no namespace; the manifest expects none (set namespace: true in its entry, or move these keys)`
          : `${namespacePath(namespace)}: belongs to no capability and is not a shared namespace; the manifest expects a capability whose name camel-cases to '${namespace}', or an entry in SHARED_NAMESPACES`,
      );
    }

  // Every part the manifest names exists, under the capability's name.
  for (const capability of capabilities) {
    const { name } = capability;
    const missing = (where: string) => problems.push(`${where}: capability '${name}' declares it, but it does not exist`);
    if (capability.contract && !tree.contracts.includes(name)) missing(contractPath(name));
    const module = moduleOf(capability);
    if (module !== null && !tree.modules.includes(module)) missing(modulePath(module));
    if (capability.feature && !tree.features.includes(name)) missing(featurePath(name));
    if (capability.client && !tree.clients.includes(name)) missing(clientPath(name));
    if (capability.namespace && !tree.namespaces.includes(namespaceOf(name))) missing(namespacePath(namespaceOf(name)));
  }
  // The API catalogue lists each capability with endpoints under its own name.
  if (tree.catalogue) {
    for (const key of tree.catalogue)
      if (!capabilities.some((c) => c.contract && c.name === key))
        problems.push(`${CATALOGUE_FILE}: '${key}' names no capability with contract: true; key the endpoints by their capability's name`);
    for (const capability of capabilities)
      if (capability.contract && !tree.catalogue.includes(capability.name))
        problems.push(`${CATALOGUE_FILE}: capability '${capability.name}' has a contract, but its endpoints are not listed under its name`);
  }
  for (const shared of manifest.sharedNamespaces)
    if (!tree.namespaces.includes(shared)) problems.push(`${namespacePath(shared)}: listed as shared, but it does not exist`);
  for (const shared of manifest.sharedClients)
    if (!tree.clients.includes(shared)) problems.push(`${clientPath(shared)}: listed as a shared client file, but it does not exist`);
  return problems;
}

/** The manifest as a Markdown table, padded as Prettier pads it so that the formatted document keeps it as is. */
export function capabilityTable(capabilities: readonly Capability[]): string {
  const code = (text: string) => `\`${text}\``;
  const none = '—';
  const rows = capabilities.map((c) => {
    const module = moduleOf(c);
    return [
      code(c.name),
      c.contract ? code(`routes/${c.name}.ts`) : none,
      module === null ? none : code(`${module}/`),
      c.feature ? code(`features/${c.name}/`) : none,
      c.client ? code(`lib/api/${c.name}.ts`) : none,
      c.namespace ? code(namespaceOf(c.name)) : none,
      c.summary,
    ];
  });
  const header = ['Capability', 'Contract', 'Server module', 'Web feature', 'Web client', 'i18n namespace', 'Summary'];
  const widths = header.map((title, i) => Math.max(3, title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The document with the table between the markers; throws when the markers are missing. */
export function withTable(doc: string, table: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${PLACES.doc}: the markers ${TABLE_START} and ${TABLE_END} are missing`);
  return `${doc.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${doc.slice(end)}`;
}

/** The problem with the document's table: missing markers, or a table that is not the manifest's. */
export function tableProblems(doc: string, table: string): string[] {
  try {
    return withTable(doc, table) === doc ? [] : [`${PLACES.doc}: the capability table is stale; run npm run check:capabilities -- --write`];
  } catch (error) {
    return [(error as Error).message];
  }
}

const entries = (dir: string, keep: (name: string, isDir: boolean) => boolean) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => keep(name, statSync(join(dir, name)).isDirectory()))
        .sort()
    : [];

/**
 * The parts the repository at `root` holds. Namespaces: the top-level keys of every locale file; the catalogue's keys
 * are this repository's (imported), unless given.
 */
export function readTree(root: string, catalogue: readonly string[] = Object.keys(API_CATALOGUE)): Tree {
  const ts = (name: string, isDir: boolean) => !isDir && name.endsWith('.ts') && !name.endsWith('.test.ts');
  const base = (name: string) => name.replace(/\.ts$/, '');
  const locales = entries(resolve(root, PLACES.locales), (name, isDir) => !isDir && name.endsWith('.json'));
  const namespaces = new Set(
    locales.flatMap((file) => Object.keys(JSON.parse(readFileSync(resolve(root, PLACES.locales, file), 'utf8')) as object)),
  );
  return {
    contracts: entries(resolve(root, PLACES.contract), ts).map(base),
    modules: entries(resolve(root, PLACES.module), (_name, isDir) => isDir),
    features: entries(resolve(root, PLACES.feature), (_name, isDir) => isDir),
    clients: entries(resolve(root, PLACES.client), ts).map(base),
    namespaces: [...namespaces].sort(),
    catalogue,
  };
}

/** Every problem of the repository at `root`, its document's table included; with `write`, the table is rewritten first. */
export function checkRepository(root: string, manifest: Manifest = MANIFEST, write = false, catalogue?: readonly string[]): string[] {
  const docPath = resolve(root, PLACES.doc);
  const table = capabilityTable(manifest.capabilities);
  const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
  if (write && doc.includes(TABLE_START)) {
    const next = withTable(doc, table);
    if (next !== doc) writeFileSync(docPath, next);
  }
  const written = write && existsSync(docPath) ? readFileSync(docPath, 'utf8') : doc;
  return [...capabilityProblems(manifest, readTree(root, catalogue)), ...tableProblems(written, table)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(import.meta.dirname, '../..');
  const problems = checkRepository(root, MANIFEST, process.argv.includes('--write'));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s) with the capability names: see ${MANIFEST_FILE}.`);
    process.exit(1);
  }
  console.log(`Capability names: ${CAPABILITIES.length} capabilities, one name each; the table in ${PLACES.doc} is current.`);
}
