import type { TableOwnership } from '../../db/table-ownership';

/**
 * The rollout plan and the devices' status history (migration 0026). A device's current status is the registry's
 * (assets' power_devices), which this module changes through the assets module; it reads the newest messages and the
 * installer's recorded device tests beside it.
 */
export const TABLES: TableOwnership = {
  owns: ['rollout_groups', 'rollout_sites', 'rollout_abort_reasons', 'device_status_history'],
  reads: {
    assets: ['power_devices'],
    'power-readings': ['power_device_latest'],
    coverage: ['device_tests'],
  },
};
