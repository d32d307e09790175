import type { PowerDevice } from '@gridlens/contract/power-devices';
import type { AssetColumns } from '../asset-filters';

/** Row `index` of the assets list as the registry holds it: what the dialog edits. */
export function deviceAt(columns: AssetColumns, index: number): PowerDevice {
  return {
    device_id: columns.device_id[index] as string,
    monitor_type: columns.monitor_type[index] as string,
    transformer_name: columns.transformer_name[index] as string,
    transformer_number: columns.transformer_number[index] ?? null,
    rating_kva: columns.rating_kva[index] as number,
    asset_id: columns.asset_id[index] ?? null,
    device_status: columns.device_status[index] as PowerDevice['device_status'],
    device_voltage_v: columns.device_voltage_v[index] ?? null,
    installation_date: columns.installation_date[index] ?? null,
    connected_mprns: columns.connected_mprns[index] as number,
    commuter_area: columns.commuter_area[index] as boolean,
    latitude: columns.latitude[index] ?? null,
    longitude: columns.longitude[index] ?? null,
    device_type: columns.device_type[index] ?? null,
    connection_type: columns.connection_type[index] ?? null,
    power_quality_enabled: columns.power_quality_enabled[index] as boolean,
  };
}
