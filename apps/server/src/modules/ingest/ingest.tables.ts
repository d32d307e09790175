import type { TableOwnership } from '../../db/table-ownership';

export const TABLES: TableOwnership = { owns: ['ingest_keys', 'ingest_dead_letters'] };
