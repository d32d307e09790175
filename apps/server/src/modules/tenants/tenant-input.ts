import { z } from 'zod';
import { TenantNameSchema, TenantSettingsSchema, TenantTabsSchema } from '@gridlens/contract/config';
import { LANGUAGES } from '@gridlens/domain/language';
import { SECTION_TENANT_TYPE, sectionsOfTenantType, type SectionId, type TenantType } from '@gridlens/domain/sections';
import { isValidTimeZone } from '@gridlens/domain/time-zone';
import type { TenantRow } from './tenants.repository';

/**
 * What an operator gives to add or change a tenant (issue 28), and what a tenant's administrators may change through
 * the API. The name, tabs and tenant type are the contract's (TenantNameSchema, TenantTabsSchema, TenantSettingsSchema),
 * the languages and time zones the domain's; each refusal names its field.
 */
const TenantIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'id must be 1–63 lower-case letters, digits, "-" or "_", starting with a letter or digit')
  .describe('The tenant value in the users’ tokens and the devices’ MQTT topics');

const PowerdataTypeSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'powerdata_type must be 1–63 lower-case letters, digits, "-" or "_"');

export const NewTenantSchema = z
  .object({
    id: TenantIdSchema,
    name: TenantNameSchema,
    type: TenantSettingsSchema.shape.type,
    powerdata_type: PowerdataTypeSchema.nullable().default(null),
    tabs: TenantTabsSchema,
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

/**
 * A change to a tenant: only the fields given change. The type and the time zone are fixed once the tenant exists
 * (its stored data and daily rollups depend on them); see docs/decisions.md.
 */
export const TenantChangeSchema = z
  .object({
    name: TenantNameSchema.optional(),
    powerdata_type: PowerdataTypeSchema.nullable().optional(),
    tabs: TenantTabsSchema.optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'give at least one field to change');
export type TenantChange = z.infer<typeof TenantChangeSchema>;

/** One refused field: the API's validation details and the command's refusal lines are made of these. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** A zod refusal as its fields' problems (`tabs`, `tabs.0.label`, or '' for the whole input). */
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

/** What a valid change still cannot do to this tenant: a power-data kind on a tracking tenant, tabs of the other kind. */
export function changeProblems(tenant: Pick<TenantRow, 'type'>, change: TenantChange): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (tenant.type === 'tracking' && typeof change.powerdata_type === 'string') {
    problems.push({ field: 'powerdata_type', message: 'powerdata_type is only for a powerdata tenant' });
  }
  const misfit = change.tabs ? tabsOutsideType(tenant.type, change.tabs) : null;
  if (misfit) problems.push({ field: 'tabs', message: misfit });
  return problems;
}
