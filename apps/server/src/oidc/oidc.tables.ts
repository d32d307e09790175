import type { TableOwnership } from '../db/table-ownership';

/** The embedded identity provider's sessions, grants and codes. */
export const TABLES: TableOwnership = { owns: ['oidc_payloads'] };
