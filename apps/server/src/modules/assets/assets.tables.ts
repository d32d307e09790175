import type { TableOwnership } from '../../db/table-ownership';

export const TABLES: TableOwnership = {
  owns: ['power_devices', 'device_watchlist'],
  reads: { tenants: ['tenants'] },
};
