import type { TableOwnership } from './table-ownership';

/** The migrator's record of the migrations applied. */
export const TABLES: TableOwnership = { owns: ['schema_migrations'] };
