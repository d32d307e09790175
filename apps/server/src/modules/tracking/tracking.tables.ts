import type { TableOwnership } from '../../db/table-ownership';

export const TABLES: TableOwnership = {
  owns: [
    'tracking_devices',
    'tracking_positions',
    'tracking_latest',
    'tracking_visits',
    'tracking_journeys',
    'tracker_messages',
    'tracker_status',
    'tracker_downlinks',
    'tracker_watchlist',
    'customers',
    'locations',
    'location_watchlist',
    'journey_watchlist',
  ],
  reads: { tenants: ['tenants'] },
};
