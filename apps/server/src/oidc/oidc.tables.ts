import type { TableOwnership } from '../db/table-ownership';

/** The embedded identity provider's sessions, grants and codes, and its signing and cookie keys. */
export const TABLES: TableOwnership = { owns: ['oidc_payloads', 'oidc_secrets'] };
