import type { TableOwnership } from '../../db/table-ownership';

/** Readings and their rollups; the assets list's read model joins them to the registry (assets) and the tenants' calendar. */
export const TABLES: TableOwnership = {
  owns: ['power_readings', 'power_device_daily', 'power_device_hourly', 'power_device_latest'],
  reads: { assets: ['power_devices', 'device_watchlist'], tenants: ['tenants'] },
};
