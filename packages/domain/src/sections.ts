/**
 * The section catalogue (spec §2 navigation tabs): each section id maps to its route, its icon
 * (a Material icon name the web app knows) and the translation key of its label.
 */
export const SECTION_IDS = [
  'poi',
  'locations',
  'journeys',
  'devices',
  'report',
  'alerts',
  'powercoil_analytics',
  'assets',
  'powercoil_report',
  'powercoil_alerts',
  'powercoil_ev',
  'rollout',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Spec §3 Tenant config: a tenant tracks assets (tracking) or keeps power data (powerdata). */
export const TENANT_TYPES = ['tracking', 'powerdata'] as const;
export type TenantType = (typeof TENANT_TYPES)[number];

/**
 * The kind of tenant each section serves (issue 28): the power sections read power data, which only a powerdata
 * tenant keeps (its endpoints answer 404 to a tracking tenant), and the tracking sections read trackers. A tenant's
 * tabs name sections of its own kind.
 */
export const SECTION_TENANT_TYPE: Readonly<Record<SectionId, TenantType>> = {
  poi: 'tracking',
  locations: 'tracking',
  journeys: 'tracking',
  devices: 'tracking',
  report: 'tracking',
  alerts: 'tracking',
  powercoil_analytics: 'powerdata',
  assets: 'powerdata',
  powercoil_report: 'powerdata',
  powercoil_alerts: 'powerdata',
  powercoil_ev: 'powerdata',
  rollout: 'powerdata',
};

/** The sections a tenant of this type may have as tabs, in catalogue order. */
export function sectionsOfTenantType(type: TenantType): SectionId[] {
  return SECTION_IDS.filter((id) => SECTION_TENANT_TYPE[id] === type);
}

export interface SectionDefinition {
  id: SectionId;
  route: string;
  icon: string;
  labelKey: string;
}

export const SECTION_CATALOGUE: readonly SectionDefinition[] = [
  { id: 'poi', route: '/poi', icon: 'LocalShipping', labelKey: 'sections.poi' },
  { id: 'locations', route: '/locations', icon: 'LocationOn', labelKey: 'sections.locations' },
  { id: 'journeys', route: '/journeys', icon: 'Route', labelKey: 'sections.journeys' },
  { id: 'devices', route: '/devices', icon: 'Router', labelKey: 'sections.devices' },
  { id: 'report', route: '/report', icon: 'Assessment', labelKey: 'sections.report' },
  { id: 'alerts', route: '/alerts', icon: 'NotificationsActive', labelKey: 'sections.alerts' },
  { id: 'powercoil_analytics', route: '/powercoil_analytics', icon: 'Insights', labelKey: 'sections.powercoil_analytics' },
  { id: 'assets', route: '/assets', icon: 'ElectricalServices', labelKey: 'sections.assets' },
  { id: 'powercoil_report', route: '/powercoil_report', icon: 'Summarize', labelKey: 'sections.powercoil_report' },
  { id: 'powercoil_alerts', route: '/powercoil_alerts', icon: 'NotificationImportant', labelKey: 'sections.powercoil_alerts' },
  { id: 'powercoil_ev', route: '/powercoil_ev', icon: 'EvStation', labelKey: 'sections.powercoil_ev' },
  { id: 'rollout', route: '/rollout', icon: 'Construction', labelKey: 'sections.rollout' },
];

export function isSectionId(value: string): value is SectionId {
  return (SECTION_IDS as readonly string[]).includes(value);
}

export function sectionById(id: SectionId): SectionDefinition {
  const found = SECTION_CATALOGUE.find((s) => s.id === id);
  if (!found) throw new Error(`Section ${id} is missing from the catalogue`);
  return found;
}

/**
 * The user's navigation: the tenant's sections in the user's order, hidden ones left out.
 * Sections the user has never ordered (a tab the tenant gained later) follow in tenant order,
 * so a new tab appears instead of silently hiding.
 */
export function arrangeSections(
  tenantSections: readonly SectionId[],
  sectionsOrder: readonly string[],
  hiddenSections: readonly string[],
): SectionId[] {
  const allowed = new Set(tenantSections);
  const ordered = sectionsOrder.filter((id): id is SectionId => isSectionId(id) && allowed.has(id));
  const unique = [...new Set(ordered)];
  const rest = tenantSections.filter((id) => !unique.includes(id));
  const hidden = new Set(hiddenSections);
  return [...unique, ...rest].filter((id) => !hidden.has(id));
}

/** Spec §2 Landing: the default section when the user may see it, else the first of their sections. */
export function landingSection(visibleSections: readonly SectionId[], defaultSection: string | null): SectionId | null {
  if (defaultSection && visibleSections.some((id) => id === defaultSection)) return defaultSection as SectionId;
  return visibleSections[0] ?? null;
}

/** Each section's name in spec §2, which a tenant's tab label repeats when the tenant did not rename the section. */
const SPEC_NAMES: Record<SectionId, string> = {
  poi: 'fleet report',
  locations: 'locations',
  journeys: 'journeys',
  devices: 'devices',
  report: 'report',
  alerts: 'alerts',
  powercoil_analytics: 'analytics',
  assets: 'assets',
  powercoil_report: 'power report',
  powercoil_alerts: 'power alerts',
  powercoil_ev: 'EV modelling',
  rollout: 'rollout dashboard',
};

/**
 * The tenant's own name for a section (spec §3: tenant tabs carry an id and a label), or null when the tenant
 * did not rename it: no label, or the section's spec §2 name in any case and spacing, which every language then
 * shows translated. A name of the tenant's own is shown as the tenant wrote it, in every language.
 */
export function tenantSectionLabel(id: SectionId, label: string | null | undefined): string | null {
  const own = label?.trim().replace(/\s+/g, ' ') ?? '';
  if (own === '') return null;
  return own.toLocaleLowerCase('en') === SPEC_NAMES[id].toLocaleLowerCase('en') ? null : own;
}
