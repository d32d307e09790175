import type { TableOwnership } from '../../db/table-ownership';

export const TABLES: TableOwnership = { owns: ['load_models'] };
