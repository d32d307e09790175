import type { TenantSettings, UpdateTenantSettings, UpdateUserSettings, UserSettings } from '@gridlens/contract/config';
import { isSectionId, SECTION_CATALOGUE, type SectionId } from '@gridlens/domain/sections';
import { resolveTemperatureMetric } from '@gridlens/domain/temperature';
import { isValidTimeZone } from '@gridlens/domain/time-zone';
import { notFound, validationError } from '../../http/http-error';
import type { ChangeTenant, FindTenant, TenantRow } from '../tenants/tenants.module';
import type { UserSettingsRepository, UserSettingsRow } from './user-settings.repository';

interface Deps {
  findTenant: FindTenant;
  changeTenant: ChangeTenant;
  userSettings: UserSettingsRepository;
}

type FieldProblem = { field: string; message: string };

const tenantSettingsOf = (tenant: TenantRow): TenantSettings => ({
  tenant: tenant.id,
  name: tenant.name,
  type: tenant.type,
  powerdata_type: tenant.powerdata_type,
  tabs: tenant.tabs,
  language: tenant.language,
  time_zone: tenant.time_zone,
});

export function createConfigService({ findTenant, changeTenant, userSettings }: Deps) {
  async function tenantOrThrow(tenantId: string) {
    const tenant = await findTenant(tenantId);
    if (!tenant) throw notFound('Tenant');
    return tenant;
  }

  function present(stored: UserSettingsRow, tenantSections: SectionId[], timeZone: string | undefined): UserSettings {
    const allowed = new Set<string>(tenantSections);
    const keep = (ids: string[]) => ids.filter((id): id is SectionId => isSectionId(id) && allowed.has(id));
    const defaultSection = stored.default_section && allowed.has(stored.default_section) ? stored.default_section : null;
    return {
      default_section: defaultSection as SectionId | null,
      sections_order: keep(stored.sections_order),
      hidden_sections: keep(stored.hidden_sections),
      temperature_metric: resolveTemperatureMetric(stored.temperature_metric, timeZone ?? stored.time_zone ?? undefined),
      temperature_metric_preference: stored.temperature_metric,
    };
  }

  const defaults = (tenantSections: SectionId[]): UserSettingsRow => ({
    default_section: null,
    sections_order: [...tenantSections],
    hidden_sections: [],
    temperature_metric: '',
    time_zone: null,
  });

  return {
    async tenantSettings(tenantId: string): Promise<TenantSettings> {
      return tenantSettingsOf(await tenantOrThrow(tenantId));
    },

    /** The tenant's administrators' change; the tabs must be sections of the tenant's type. */
    async updateTenantSettings(tenantId: string, change: UpdateTenantSettings): Promise<TenantSettings> {
      const outcome = await changeTenant(tenantId, change);
      if ('missing' in outcome) throw notFound('Tenant');
      if ('problems' in outcome) throw validationError(outcome.problems);
      return tenantSettingsOf(outcome.tenant);
    },

    sectionCatalogue: () => [...SECTION_CATALOGUE],

    async userSettings(tenantId: string, userId: string, timeZone: string | undefined): Promise<UserSettings> {
      const tenant = await tenantOrThrow(tenantId);
      const sections = tenant.tabs.map((t) => t.id);
      const stored = (await userSettings.find(tenantId, userId)) ?? defaults(sections);
      return present(stored, sections, timeZone);
    },

    async updateUserSettings(tenantId: string, userId: string, update: UpdateUserSettings): Promise<UserSettings> {
      const tenant = await tenantOrThrow(tenantId);
      const sections = tenant.tabs.map((t) => t.id);
      const current = (await userSettings.find(tenantId, userId)) ?? defaults(sections);
      const next: UserSettingsRow = {
        default_section: update.default_section === undefined ? current.default_section : update.default_section || null,
        sections_order: update.sections_order ?? current.sections_order,
        hidden_sections: update.hidden_sections ?? current.hidden_sections,
        temperature_metric: update.temperature_metric ?? current.temperature_metric,
        time_zone: update.time_zone ?? current.time_zone,
      };
      const problems = checkSettings(next, update, new Set(sections));
      if (problems.length > 0) throw validationError(problems);
      await userSettings.save(tenantId, userId, next);
      return present(next, sections, next.time_zone ?? undefined);
    },
  };
}
export type ConfigService = ReturnType<typeof createConfigService>;

/** Sections must be the tenant's, listed once; the default must be visible; one section must stay visible. */
function checkSettings(next: UserSettingsRow, update: UpdateUserSettings, allowed: Set<string>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const checkList = (field: 'sections_order' | 'hidden_sections') => {
    const list = update[field];
    if (!list) return;
    list.forEach((id, index) => {
      if (!allowed.has(id)) problems.push({ field: `${field}.${index}`, message: `Unknown section '${id}'` });
    });
    if (new Set(list).size !== list.length) problems.push({ field, message: 'A section may be listed only once' });
  };
  checkList('sections_order');
  checkList('hidden_sections');
  if (next.default_section !== null) {
    if (!allowed.has(next.default_section)) {
      problems.push({ field: 'default_section', message: `Unknown section '${next.default_section}'` });
    } else if (next.hidden_sections.includes(next.default_section)) {
      problems.push({ field: 'default_section', message: 'The default section cannot be hidden' });
    }
  }
  if (update.hidden_sections && [...allowed].every((id) => next.hidden_sections.includes(id))) {
    problems.push({ field: 'hidden_sections', message: 'At least one section must stay visible' });
  }
  if (update.time_zone !== undefined && !isValidTimeZone(update.time_zone)) {
    problems.push({ field: 'time_zone', message: `Unknown time zone '${update.time_zone}'` });
  }
  return problems;
}
