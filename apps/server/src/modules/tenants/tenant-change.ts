import { changeProblems, type FieldProblem, type TenantChange } from './tenant-input';
import type { TenantRow, TenantsRepository } from './tenants.repository';

export type TenantChangeOutcome = { tenant: TenantRow } | { problems: FieldProblem[] } | { missing: true };

/**
 * Applies a valid change to a tenant, once the tenant it is for allows it (its type decides the sections and
 * whether it has a power-data kind): the operator's command and the administrators' API both come here.
 */
export async function changeTenant(repository: TenantsRepository, tenantId: string, change: TenantChange): Promise<TenantChangeOutcome> {
  const existing = await repository.findById(tenantId);
  if (!existing) return { missing: true };
  const problems = changeProblems(existing, change);
  if (problems.length > 0) return { problems };
  const tenant = await repository.update(tenantId, {
    name: change.name ?? null,
    powerdata_type: change.powerdata_type === undefined ? null : { value: change.powerdata_type },
    tabs: change.tabs ?? null,
    language: change.language ?? null,
  });
  return tenant ? { tenant } : { missing: true };
}
