import type { TableOwnership } from '../../db/table-ownership';

/** Tenants, their kind, calendar, Static period and registry versions (raised by triggers on the registries). */
export const TABLES: TableOwnership = { owns: ['tenants'] };
