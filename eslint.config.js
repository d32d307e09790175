// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url));
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url));

/**
 * A server module imports another only through its public files: `<name>.module.ts` (its factory and service
 * types) and `*.public.ts` (the shapes it hands out). Anything else in its folder is its own (docs/architecture.md).
 */
const moduleBoundaries = serverModules.map((name) => ({
  files: [`apps/server/src/modules/${name}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./|.*/modules/)(?!${name}/|\\.\\./)[^/]+/(?![^/]+\\.(module|public)$)[^/]+$`,
            message: 'A server module imports another module only through its <name>.module.ts or a *.public.ts.',
          },
        ],
      },
    ],
  },
}));

/**
 * Every map of the product is the one map component, so that each draws its basemap, clusters, legend and theme
 * alike; only lib/ui/map imports the map library and its data. ESLint keeps one `no-restricted-imports` per file
 * (a later block replaces an earlier one), so each block of the web app below lists this pattern too.
 */
const MAP_COMPONENT = 'apps/web/src/lib/ui/map/**';
const mapLibrary = {
  group: ['leaflet', 'leaflet/**', 'leaflet.markercluster', 'leaflet.markercluster/**', 'world-atlas/**', 'topojson-client'],
  message: 'Maps are drawn by the map component in lib/ui/map; use MapView instead of the map library.',
};
const libLayer = { group: ['@/app/*', '@/features/*'], message: 'lib is the shared layer: it imports neither features nor the app.' };

/** Imports flow one way in the web app: lib → features → app; no feature imports another (conventions §1). */
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@/app/*', '../../app/*'], message: 'Features must not import the app layer.' },
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/*`],
            message: 'A feature must not import another feature.',
          },
          mapLibrary,
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [MAP_COMPONENT],
    rules: {
      'no-restricted-imports': ['error', { patterns: [mapLibrary] }],
      // no-restricted-imports does not see import(): a lazily loaded map library is caught here.
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^(leaflet|world-atlas|topojson-client)([./]|$)/]', message: mapLibrary.message },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    ignores: [MAP_COMPONENT],
    rules: { 'no-restricted-imports': ['error', { patterns: [libLayer, mapLibrary] }] },
  },
  {
    files: [`${MAP_COMPONENT}/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [libLayer] }] },
  },
  ...featureBoundaries,
  ...moduleBoundaries,
  {
    // No import cycles anywhere (type-only imports included: a cycle of types is still two files that
    // cannot be understood apart). Resolved like TypeScript does, extensionless and through the workspaces.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Without these, import-x reads no TypeScript file it resolves to, and so sees no cycle through one.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // No feature imports another, however the import is written: `@/features/...` is refused by name above, and a
    // relative path (`../../coverage/...`) is caught here by where it resolves.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: './apps/web/src/features',
            except: [`./${feature}`],
            message: 'A feature must not import another feature.',
          })),
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '@gridlens/*', 'fs', 'path', 'http'],
              message: 'The domain package is pure: no I/O and no internal imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/unbound-method': 'off' },
  },
);
