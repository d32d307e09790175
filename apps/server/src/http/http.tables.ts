import type { TableOwnership } from '../db/table-ownership';

/** The rate limits' counters, shared by every process on one PostgreSQL. */
export const TABLES: TableOwnership = { owns: ['rate_limit_counters'] };
