import type { TableOwnership } from '../../db/table-ownership';

/** The installer's recorded device tests (migration 0026); the coverage figures themselves are power-readings'. */
export const TABLES: TableOwnership = {
  owns: ['device_tests'],
};
