import type { PowerDevice } from '@gridlens/contract/assets';

/*
 * What the assets module (the power-data device registry) hands out besides its factory (assets.module.ts): the
 * shapes other modules receive, and the registry's columns that the assets list (power-readings) reads.
 */

/** A device as the load models see it (load planning, issue 20). */
export interface PlanningDevice {
  device_id: string;
  transformer_name: string;
  rating_kva: number;
  connected_mprns: number;
  commuter_area: boolean;
}

/** The registry's columns (power_devices), which the assets list reads beside each device's figures. */
export const REGISTRY_COLUMNS = [
  'device_id',
  'monitor_type',
  'transformer_name',
  'transformer_number',
  'rating_kva',
  'asset_id',
  'device_status',
  'device_voltage_v',
  'connected_mprns',
  'commuter_area',
  'latitude',
  'longitude',
  'device_type',
  'connection_type',
  'power_quality_enabled',
  'cooling',
] as const satisfies readonly (keyof PowerDevice)[];
/** Every PowerDevice field is a registry column (installation_date is formatted apart): a new field cannot be left out. */
const REGISTRY_IS_COMPLETE: Exclude<keyof PowerDevice, (typeof REGISTRY_COLUMNS)[number] | 'installation_date'> extends never
  ? true
  : never = true;
void REGISTRY_IS_COMPLETE;
