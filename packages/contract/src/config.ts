import { z } from 'zod';
import { endpoint } from './endpoint';
import { configRoutes } from './routes/config';
import { LANGUAGES } from '@gridlens/domain/language';
import { ADMIN_ROLE } from '@gridlens/domain/roles';
import { SECTION_IDS, TENANT_TYPES } from '@gridlens/domain/sections';
import { TEMPERATURE_METRICS } from '@gridlens/domain/temperature';

export const SectionIdSchema = z.enum(SECTION_IDS);

export const TenantTabSchema = z.object({ id: SectionIdSchema, label: z.string() });

/** GET /api/config/tenant/settings (spec §3 Tenant config). */
export const TenantSettingsSchema = z
  .object({
    tenant: z.string(),
    name: z.string(),
    type: z.enum(TENANT_TYPES),
    powerdata_type: z.string().nullable(),
    tabs: z.array(TenantTabSchema),
    language: z.enum(LANGUAGES).describe('The language of emails to the tenant’s recipients'),
    time_zone: z.string().describe('IANA time zone of the tenant’s calendar days; fixed once the tenant exists'),
  })
  .meta({ id: 'TenantSettings' });
export type TenantSettings = z.infer<typeof TenantSettingsSchema>;

/** A tenant's display name, as the operator's command and the tenant's administrators give it. */
export const TenantNameSchema = z.string().trim().min(1, 'name must not be empty').max(120, 'name has at most 120 characters');

/**
 * A tenant's tabs: the sections its users see, in order, each with an optional own label ('' shows the section's
 * translated name). Whether each section suits the tenant's type is the tenants module's check (it knows the type).
 */
export const TenantTabsSchema = z
  .array(TenantTabSchema.extend({ label: z.string().trim().max(60, 'a tab label has at most 60 characters') }))
  .min(1, 'tabs must name at least one section: a tenant without tabs shows its users "Limited access"')
  .refine((tabs) => new Set(tabs.map((tab) => tab.id)).size === tabs.length, 'tabs must not name a section twice');

/**
 * PUT /api/config/tenant/settings: what the tenant's own administrators may change (only the fields sent). Adding
 * a tenant, its type, power-data kind and time zone stay with the operator's tenant command (docs/decisions.md).
 */
export const UpdateTenantSettingsSchema = z
  .object({
    name: TenantNameSchema.optional(),
    tabs: TenantTabsSchema.optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .strict()
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'give at least one field to change')
  .meta({ id: 'UpdateTenantSettings' });
export type UpdateTenantSettings = z.infer<typeof UpdateTenantSettingsSchema>;

/** GET /api/config/sections: the catalogue mapping a section to its route and icon. */
export const SectionDefinitionSchema = z.object({
  id: SectionIdSchema,
  route: z.string(),
  icon: z.string(),
  labelKey: z.string(),
});
export const SectionCatalogueSchema = z.array(SectionDefinitionSchema).meta({ id: 'SectionCatalogue' });
export type SectionCatalogue = z.infer<typeof SectionCatalogueSchema>;

export const TemperatureMetricSchema = z.enum(TEMPERATURE_METRICS);
export const TemperatureMetricPreferenceSchema = z.union([TemperatureMetricSchema, z.literal('')]);

/** GET /api/config/settings?time_zone=Europe/Dublin (spec §3 User config). */
export const UserSettingsQuerySchema = z.object({
  time_zone: z.string().max(64).optional().describe('IANA time zone of the browser; decides the automatic temperature unit'),
});

export const UserSettingsSchema = z
  .object({
    default_section: SectionIdSchema.nullable(),
    sections_order: z.array(SectionIdSchema),
    hidden_sections: z.array(SectionIdSchema),
    temperature_metric: TemperatureMetricSchema.describe('The unit to show: the preference, or resolved from the time zone'),
    temperature_metric_preference: TemperatureMetricPreferenceSchema.describe("What the user chose; '' means automatic"),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /api/config/settings: every field optional; only those sent change. */
export const UpdateUserSettingsSchema = z
  .object({
    default_section: z.string().nullable().optional(),
    sections_order: z.array(z.string()).max(SECTION_IDS.length).optional(),
    hidden_sections: z.array(z.string()).max(SECTION_IDS.length).optional(),
    temperature_metric: TemperatureMetricPreferenceSchema.optional(),
    time_zone: z.string().max(64).optional(),
  })
  .strict()
  .meta({ id: 'UpdateUserSettings' });
export type UpdateUserSettings = z.infer<typeof UpdateUserSettingsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Configuration'];

export const configApi = {
  tenantSettings: endpoint(configRoutes.tenantSettings, {
    tags,
    summary: "The caller's tenant: type, power-data sub-type and tabs",
    responses: { 200: TenantSettingsSchema },
  }),
  updateTenantSettings: endpoint(configRoutes.updateTenantSettings, {
    tags,
    summary: `Changes the caller's tenant: its name, tabs and email language (only the fields sent); only users with the ${ADMIN_ROLE} role`,
    body: UpdateTenantSettingsSchema,
    responses: { 200: TenantSettingsSchema },
  }),
  sections: endpoint(configRoutes.sections, {
    tags,
    summary: 'The section catalogue: route, icon and label key of each section',
    responses: { 200: SectionCatalogueSchema },
  }),
  userSettings: endpoint(configRoutes.userSettings, {
    tags,
    summary: "The caller's preferences",
    query: UserSettingsQuerySchema,
    responses: { 200: UserSettingsSchema },
  }),
  updateUserSettings: endpoint(configRoutes.updateUserSettings, {
    tags,
    summary: "Changes the caller's preferences (only the fields sent)",
    body: UpdateUserSettingsSchema,
    responses: { 200: UserSettingsSchema },
  }),
};
