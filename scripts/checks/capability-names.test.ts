import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Capability } from '../../packages/contract/src/capabilities';
import {
  capabilityProblems,
  capabilityTable,
  checkRepository,
  type Manifest,
  PLACES,
  TABLE_END,
  TABLE_START,
  tableProblems,
  type Tree,
  withTable,
} from './capability-names';

const every = { contract: true, module: true, feature: true, client: true, namespace: true };
const capability = (name: string, parts: Partial<Capability> = every): Capability => ({
  name,
  summary: `What ${name} does.`,
  contract: false,
  module: false,
  feature: false,
  client: false,
  namespace: false,
  ...parts,
});

/** A small manifest and the tree that agrees with it. */
const manifest: Manifest = {
  capabilities: [
    capability('power-quality'),
    capability('tracking', { contract: true, module: true, client: true }),
    capability('tracking-devices', { ...every, module: 'tracking' }),
    capability('tenants', { module: true }),
  ],
  sharedNamespaces: ['app'],
  sharedClients: ['api-client'],
};
const tree: Tree = {
  contracts: ['power-quality', 'tracking', 'tracking-devices'],
  modules: ['power-quality', 'tracking', 'tenants'],
  features: ['power-quality', 'tracking-devices'],
  clients: ['api-client', 'power-quality', 'tracking', 'tracking-devices'],
  namespaces: ['app', 'powerQuality', 'trackingDevices'],
  catalogue: ['power-quality', 'tracking', 'tracking-devices'],
};
const planted = (parts: Partial<Tree>) => capabilityProblems(manifest, { ...tree, ...parts });

describe('the capability-names check', () => {
  it('passes a tree that agrees with its manifest, a hosted capability and shared parts included', () => {
    expect(capabilityProblems(manifest, tree)).toEqual([]);
  });

  it('fails on a server module folder that belongs to no capability', () => {
    expect(planted({ modules: [...tree.modules, 'weather'] })).toEqual([
      "apps/server/src/modules/weather/: belongs to no capability; the manifest expects a capability named 'weather' with module: true (or rename this after its capability)",
    ]);
  });

  it('fails on a web feature folder that belongs to no capability, and on one its capability does not declare', () => {
    expect(planted({ features: [...tree.features, 'devices'] })).toEqual([
      "apps/web/src/features/devices/: belongs to no capability; the manifest expects a capability named 'devices' with feature: true (or rename this after its capability)",
    ]);
    expect(planted({ features: [...tree.features, 'tracking'] })).toEqual([
      "apps/web/src/features/tracking/: capability 'tracking' declares no feature; the manifest expects none here (set feature: true in its entry, or remove this)",
    ]);
  });

  it('fails on a web client file and a contract routes file that belong to no capability', () => {
    expect(planted({ clients: [...tree.clients, 'journeys'] })).toEqual([
      "apps/web/src/lib/api/journeys.ts: belongs to no capability; the manifest expects a capability named 'journeys' with client: true (or rename this after its capability)",
    ]);
    expect(planted({ contracts: [...tree.contracts, 'device-tabs'] })).toEqual([
      "packages/contract/src/routes/device-tabs.ts: belongs to no capability; the manifest expects a capability named 'device-tabs' with contract: true (or rename this after its capability)",
    ]);
  });

  it('fails on an API catalogue key that is no capability’s name, and on a capability with a contract left out of it', () => {
    expect(planted({ catalogue: ['powerQuality', 'tracking', 'tracking-devices'] })).toEqual([
      "packages/contract/src/api-catalogue.ts: 'powerQuality' names no capability with contract: true; key the endpoints by their capability's name",
      "packages/contract/src/api-catalogue.ts: capability 'power-quality' has a contract, but its endpoints are not listed under its name",
    ]);
  });

  it('fails on an i18n namespace that belongs to no capability and is not shared', () => {
    expect(planted({ namespaces: [...tree.namespaces, 'poiReport'] })).toEqual([
      "i18n namespace 'poiReport' (packages/i18n/locales/*.json): belongs to no capability and is not a shared namespace; the manifest expects a capability whose name camel-cases to 'poiReport', or an entry in SHARED_NAMESPACES",
    ]);
  });

  it('fails when a part the manifest names does not exist', () => {
    expect(planted({ features: ['power-quality'], namespaces: ['app', 'powerQuality'] })).toEqual([
      "apps/web/src/features/tracking-devices/: capability 'tracking-devices' declares it, but it does not exist",
      "i18n namespace 'trackingDevices' (packages/i18n/locales/*.json): capability 'tracking-devices' declares it, but it does not exist",
    ]);
    expect(planted({ modules: ['power-quality', 'tenants'] })).toEqual([
      "apps/server/src/modules/tracking/: capability 'tracking' declares it, but it does not exist",
      "apps/server/src/modules/tracking/: capability 'tracking-devices' declares it, but it does not exist",
    ]);
    expect(
      planted({ namespaces: ['powerQuality', 'trackingDevices'], clients: ['power-quality', 'tracking', 'tracking-devices'] }),
    ).toEqual([
      "i18n namespace 'app' (packages/i18n/locales/*.json): listed as shared, but it does not exist",
      'apps/web/src/lib/api/api-client.ts: listed as a shared client file, but it does not exist',
    ]);
  });

  it('fails when a capability’s parts do not follow its name', () => {
    // The web feature and namespace under the old name: one folder and one namespace of no capability, two missing.
    expect(planted({ features: ['power-quality', 'devices'], namespaces: ['app', 'powerQuality', 'devices'] })).toEqual([
      "apps/web/src/features/devices/: belongs to no capability; the manifest expects a capability named 'devices' with feature: true (or rename this after its capability)",
      "i18n namespace 'devices' (packages/i18n/locales/*.json): belongs to no capability and is not a shared namespace; the manifest expects a capability whose name camel-cases to 'devices', or an entry in SHARED_NAMESPACES",
      "apps/web/src/features/tracking-devices/: capability 'tracking-devices' declares it, but it does not exist",
      "i18n namespace 'trackingDevices' (packages/i18n/locales/*.json): capability 'tracking-devices' declares it, but it does not exist",
    ]);
    // A hosting module that is not a prefix of the name, a name that is not kebab-case, a name twice.
    const crooked: Manifest = {
      ...manifest,
      capabilities: [
        ...manifest.capabilities,
        capability('load-planning', { module: 'tracking' }),
        capability('loadModels', {}),
        capability('tenants', { module: true }),
      ],
    };
    expect(capabilityProblems(crooked, tree)).toEqual([
      "packages/contract/src/capabilities.ts: capability 'load-planning' is hosted by module 'tracking', whose name is not its prefix (a module hosts the capabilities named 'tracking-…')",
      "packages/contract/src/capabilities.ts: capability 'loadModels' is not a kebab-case name",
      "packages/contract/src/capabilities.ts: capability 'tenants' is listed twice",
    ]);
  });

  it('renders the table between the markers, and fails on a stale or missing one', () => {
    const table = capabilityTable(manifest.capabilities);
    expect(table.split('\n')[0]).toMatch(
      /^\| Capability +\| Contract +\| Server module +\| Web feature +\| Web client +\| i18n namespace +\| Summary +\|$/,
    );
    expect(table).toContain('| `tracking-devices` | `routes/tracking-devices.ts` | `tracking/`');
    expect(table).toMatch(/\| `tenants` +\| — +\| `tenants\/` +\| — +\| — +\| — +\| What tenants does\. +\|/);
    const doc = `# Architecture\n\n${TABLE_START}\n${TABLE_END}\n\nMore.\n`;
    const current = withTable(doc, table);
    expect(tableProblems(current, table)).toEqual([]);
    expect(tableProblems(doc, table)).toEqual([
      'docs/architecture.md: the capability table is stale; run npm run check:capabilities -- --write',
    ]);
    expect(tableProblems('# Architecture\n', table)).toEqual([
      `docs/architecture.md: the markers ${TABLE_START} and ${TABLE_END} are missing`,
    ]);
  });

  describe('over a repository', () => {
    let root = '';
    afterEach(() => {
      if (root !== '') rmSync(root, { recursive: true, force: true });
      root = '';
    });

    const put = (path: string, text = '') => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };

    it('reads a planted tree, rewrites the table with --write, and fails on a planted folder', () => {
      root = mkdtempSync(join(tmpdir(), 'capability-names-'));
      for (const name of tree.contracts) put(`${PLACES.contract}/${name}.ts`);
      for (const name of tree.modules) put(`${PLACES.module}/${name}/${name}.module.ts`);
      for (const name of tree.features) put(`${PLACES.feature}/${name}/page.tsx`);
      for (const name of tree.clients) put(`${PLACES.client}/${name}.ts`);
      put(`${PLACES.client}/tracking-scope.test.ts`); // tests are not client files
      const catalogue = JSON.stringify(Object.fromEntries(tree.namespaces.map((ns) => [ns, { title: 'x' }])));
      put(`${PLACES.locales}/en.json`, catalogue);
      put(`${PLACES.locales}/ga.json`, catalogue);
      put(PLACES.doc, `# Architecture\n\n${TABLE_START}\n${TABLE_END}\n`);

      expect(checkRepository(root, manifest, false, tree.catalogue)).toEqual([
        'docs/architecture.md: the capability table is stale; run npm run check:capabilities -- --write',
      ]);
      expect(checkRepository(root, manifest, true, tree.catalogue)).toEqual([]);
      expect(readFileSync(join(root, PLACES.doc), 'utf8')).toContain(capabilityTable(manifest.capabilities));
      expect(checkRepository(root, manifest, false, tree.catalogue)).toEqual([]);

      put(`${PLACES.feature}/journeys/page.tsx`);
      put(`${PLACES.locales}/ga.json`, JSON.stringify({ ...JSON.parse(catalogue), journeys: {} }));
      expect(checkRepository(root, manifest, false, tree.catalogue)).toEqual([
        "apps/web/src/features/journeys/: belongs to no capability; the manifest expects a capability named 'journeys' with feature: true (or rename this after its capability)",
        "i18n namespace 'journeys' (packages/i18n/locales/*.json): belongs to no capability and is not a shared namespace; the manifest expects a capability whose name camel-cases to 'journeys', or an entry in SHARED_NAMESPACES",
      ]);
    });

    it('passes on the real repository', () => {
      expect(checkRepository(resolve(import.meta.dirname, '../..'))).toEqual([]);
    });
  });
});
