import { z } from 'zod';
import { TenantSettingsSchema, TenantTabSchema } from '@gridlens/contract/config';
import { LANGUAGES } from '@gridlens/domain/language';
import { SECTION_TENANT_TYPE, sectionsOfTenantType, type SectionId, type TenantType } from '@gridlens/domain/sections';
import { isValidTimeZone } from '@gridlens/domain/time-zone';

/**
 * What an operator gives to add or change a tenant (issue 28). The tenant type and the tab shape are the contract's
 * (TenantSettingsSchema, TenantTabSchema over the domain's section catalogue), the languages and time zones the
 * domain's; each refusal names its field.
 */
const TenantIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'id must be 1–63 lower-case letters, digits, "-" or "_", starting with a letter or digit')
  .describe('The tenant value in the users’ tokens and the devices’ MQTT topics');

const TabsSchema = z
  .array(TenantTabSchema.extend({ label: z.string().trim().max(60, 'a tab label has at most 60 characters') }))
  .min(1, 'tabs must name at least one section: a tenant without tabs shows its users "Limited access"')
  .refine((tabs) => new Set(tabs.map((tab) => tab.id)).size === tabs.length, 'tabs must not name a section twice');

const PowerdataTypeSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'powerdata_type must be 1–63 lower-case letters, digits, "-" or "_"');

const NameSchema = z.string().trim().min(1, 'name must not be empty').max(120, 'name has at most 120 characters');

export const NewTenantSchema = z
  .object({
    id: TenantIdSchema,
    name: NameSchema,
    type: TenantSettingsSchema.shape.type,
    powerdata_type: PowerdataTypeSchema.nullable().default(null),
    tabs: TabsSchema,
    language: z.enum(LANGUAGES).default('EN'),
    time_zone: z.string().refine(isValidTimeZone, 'time_zone must be an IANA time zone such as Europe/Dublin').default('Europe/Dublin'),
  })
  .superRefine((tenant, context) => {
    if (tenant.type === 'tracking' && tenant.powerdata_type !== null) {
      context.addIssue({ code: 'custom', path: ['powerdata_type'], message: 'powerdata_type is only for a powerdata tenant' });
    }
    const misfit = tabsOutsideType(tenant.type, tenant.tabs);
    if (misfit) context.addIssue({ code: 'custom', path: ['tabs'], message: misfit });
  });

/** Why these tabs do not suit a tenant of this type (a section of the other kind), or null when they do. */
export function tabsOutsideType(type: TenantType, tabs: readonly { id: SectionId }[]): string | null {
  const others = tabs.filter((tab) => SECTION_TENANT_TYPE[tab.id] !== type).map((tab) => tab.id);
  if (others.length === 0) return null;
  return `a ${type} tenant cannot have ${others.join(', ')}; its sections are ${sectionsOfTenantType(type).join(', ')}`;
}
export type NewTenant = z.infer<typeof NewTenantSchema>;

/**
 * A change to a tenant: only the fields given change. The type and the time zone are fixed once the tenant exists
 * (its stored data and daily rollups depend on them); see docs/decisions.md.
 */
export const TenantChangeSchema = z
  .object({
    name: NameSchema.optional(),
    powerdata_type: PowerdataTypeSchema.nullable().optional(),
    tabs: TabsSchema.optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'give at least one field to change');
export type TenantChange = z.infer<typeof TenantChangeSchema>;

/** A zod refusal as lines naming each field: `tabs: tabs must name at least one section ...`. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : null;
    return field ? `${field}: ${issue.message}` : issue.message;
  });
}
