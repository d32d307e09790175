import type { TableOwnership } from '../../db/table-ownership';

export const TABLES: TableOwnership = {
  owns: ['power_quality_events', 'hydrogen_readings', 'metering_readings', 'hydrogen_sensor_config', 'device_images'],
};
