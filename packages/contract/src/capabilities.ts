/**
 * The product's capabilities, each under one name on both halves (issue 26 §3). A capability named `power-quality`
 * is, wherever it has a part:
 *
 * - `contract`: packages/contract/src/routes/power-quality.ts (its routes);
 * - `module`: apps/server/src/modules/power-quality/ (the server module). A module hosts the capabilities that
 *   carry its name as prefix: `tracking-devices` lives in the module `tracking`, declared as `module: 'tracking'`;
 * - `feature`: apps/web/src/features/power-quality/ (its screens, sections and tabs);
 * - `client`: apps/web/src/lib/api/power-quality.ts (the web app's calls and queries);
 * - `namespace`: the i18n top-level key `powerQuality` (the camelCase of the name), in every locale file.
 *
 * `scripts/checks/capability-names.ts` holds the tree to this list (no folder, file or namespace outside it, no part
 * named here that is missing) and renders it as the table in docs/architecture.md.
 */
export interface Capability {
  /** Kebab-case; every part is named after it. */
  readonly name: string;
  /** One line: what the capability is for. */
  readonly summary: string;
  readonly contract: boolean;
  /** `true`: the module of the same name; a string: the module that hosts it (a prefix of the name). */
  readonly module: boolean | string;
  readonly feature: boolean;
  readonly client: boolean;
  readonly namespace: boolean;
}

const part = (parts: Partial<Omit<Capability, 'name' | 'summary'>>) => ({
  contract: false,
  module: false,
  feature: false,
  client: false,
  namespace: false,
  ...parts,
});

const all = { contract: true, module: true, feature: true, client: true, namespace: true } as const;

export const CAPABILITIES: readonly Capability[] = [
  {
    name: 'tenants',
    summary: 'The tenants: who exists (cached for every request), their kind, calendar and Static period.',
    ...part({ module: true }),
  },
  {
    name: 'retention',
    summary: 'Every 6 hours, each module’s raw data past RAW_RETENTION_DAYS pruned by its owner, then the hot tables maintained.',
    ...part({ module: true }),
  },
  { name: 'health', summary: 'The liveness and readiness probes of the server.', ...part({ contract: true }) },
  {
    name: 'client-config',
    summary: 'What the web app needs before sign-in: the identity provider and the build.',
    ...part({ contract: true, client: true }),
  },
  {
    name: 'weather',
    summary: 'Ambient temperatures by place and hour, from the climate model of Ireland or a configured service.',
    ...part({ contract: true, module: true }),
  },
  {
    name: 'config',
    summary: 'The tenant’s settings and the user’s own: language, theme, units, section order (the Profile screen).',
    ...all,
  },
  { name: 'feedback', summary: 'The feedback widget and the messages it sends.', ...all },
  { name: 'ingest', summary: 'Messages in from the devices (HTTP and MQTT), their keys, and the messages refused.', ...all },
  {
    name: 'assets',
    summary: 'The transformer registry and watchlist; the Assets list, its map and filters, an asset’s header and edit.',
    ...all,
  },
  {
    name: 'power-readings',
    summary: 'The power monitors’ readings: an asset’s charts and messages, the Analytics and Power report screens.',
    ...all,
  },
  {
    name: 'power-quality',
    summary: 'Power-quality monitors’ tabs: trends, events, faults, the hydrogen sensor, metering and images.',
    ...all,
  },
  { name: 'coverage', summary: 'Radio coverage at a site and the device test, before and after installing a monitor.', ...all },
  { name: 'load-analysis', summary: 'ADMD by transformer, and transformer thermal health: hot spot, ageing and loss of life.', ...all },
  { name: 'load-models', summary: 'The tenant’s EV and heat-pump models (the EV modelling screen).', ...all },
  { name: 'load-planning', summary: 'Load models run on transformers: an asset’s EV and HP analysis and the fleet analysis.', ...all },
  { name: 'alerts', summary: 'Alert rules on power monitors and trackers, their occurrences and e-mails.', ...all },
  {
    name: 'report-delivery',
    summary: 'What a report is sent or downloaded as: its PDF from Chromium, its CSV and XLSX, and the email carrying them.',
    ...part({ module: true, namespace: true }),
  },
  {
    name: 'tracking',
    summary: 'The trackers’ shared ground: the user’s scope and the customers it is drawn from.',
    ...part({ contract: true, module: true, client: true }),
  },
  {
    name: 'tracking-devices',
    summary: 'The trackers: the Devices list, map and summary, a device’s track, messages and settings.',
    ...all,
    module: 'tracking',
  },
  {
    name: 'tracking-locations',
    summary: 'Locations (points of interest): their shapes, arrivals and the possible ones found.',
    ...all,
    module: 'tracking',
  },
  {
    name: 'tracking-journeys',
    summary: 'Journeys between locations by week, and the POI report with its cycles.',
    ...all,
    module: 'tracking',
  },
  {
    name: 'report-schedules',
    summary: 'Report management: the stored reports by week, the schedules, their recipients and delivery history.',
    ...all,
  },
  {
    name: 'rollout',
    summary: 'The installation programme: sites, planner groups, device status from the facts with its history, the dashboard.',
    ...all,
  },
  {
    name: 'fleet-reports',
    summary: 'The weekly fleet report and the KPI report of tracking tenants, drawn from tracking’s own figures.',
    ...all,
  },
];

/** An i18n top-level key that belongs to no capability: the shell's words, or words that several capabilities share. */
export interface SharedNamespace {
  readonly namespace: string;
  /** One line: why it belongs to no capability. */
  readonly reason: string;
}

export const SHARED_NAMESPACES: readonly SharedNamespace[] = [
  { namespace: 'app', reason: 'The product’s name and the app-wide loading words.' },
  { namespace: 'nav', reason: 'The shell’s side navigation.' },
  { namespace: 'header', reason: 'The shell’s header: search, theme, language, account.' },
  { namespace: 'languages', reason: 'The languages offered, each named in its own language.' },
  { namespace: 'auth', reason: 'Sign-in and its failures; the server uses it too.' },
  { namespace: 'sections', reason: 'The sections’ labels, built from the domain’s section catalogue.' },
  { namespace: 'pages', reason: 'The document title of every route.' },
  { namespace: 'notFound', reason: 'The shell’s page for an unknown address.' },
  { namespace: 'errors', reason: 'Failures any screen may show: request errors, limited access.' },
  { namespace: 'messages', reason: 'Notices shared by screens: filter applied or removed, no data, saved.' },
  { namespace: 'validation', reason: 'Form problems shared by every form.' },
  { namespace: 'recipients', reason: 'The recipients dialog (lib/ui) that alerts and report schedules share.' },
  { namespace: 'timeRanges', reason: 'The shared time-range choice (lib/ui) and the period names several screens show.' },
  { namespace: 'issueFlags', reason: 'Names of the issue flags, shown by Analytics and the Devices summary.' },
  { namespace: 'map', reason: 'The shared map component’s controls and legend.' },
  { namespace: 'access', reason: 'The shell’s limited-access dialog.' },
  { namespace: 'filters', reason: 'Filter hints shared by the assets table, Analytics and the Power report.' },
  { namespace: 'datePicker', reason: 'The shared day picker.' },
  { namespace: 'figures', reason: 'How a figure’s window and age read, shared by lib/ui’s window note and several screens.' },
  { namespace: 'customers', reason: 'The shell’s customer selector (the tracking scope).' },
  { namespace: 'dragAndDrop', reason: 'Screen-reader words of the shared drag-and-drop lists.' },
  {
    namespace: 'assetDetail',
    reason: 'The asset page’s own words (tabs, header, back link) and those its capabilities’ tabs and the shared table reuse.',
  },
];

/** Files in apps/web/src/lib/api that are the web app's transport, not a capability's client. */
export const SHARED_CLIENT_FILES: readonly { readonly file: string; readonly reason: string }[] = [
  { file: 'api-client', reason: 'The typed client every capability’s calls go through: session, errors, retries.' },
];

/** The i18n namespace of a capability: its name in camelCase (`tracking-devices` → `trackingDevices`). */
export const namespaceOf = (name: string) => name.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** The server module that hosts a capability, or null when it has none. */
export const moduleOf = (capability: Capability) =>
  capability.module === false ? null : capability.module === true ? capability.name : capability.module;
