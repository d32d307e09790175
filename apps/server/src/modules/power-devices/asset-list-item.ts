import { ASSET_LIST_FIELDS, type AssetList, type AssetListItem } from '@gridlens/contract/power-devices';
import { batteryStatus } from '@gridlens/domain/power/battery';
import { communicationState, missedMessageLevel } from '@gridlens/domain/power/communication';
import { deviceStatusCategory } from '@gridlens/domain/power/device-status';
import {
  apparentPowerKva,
  capacityPercent,
  capacityState,
  imbalanceState,
  phaseLoadingPercent,
  type PhaseCurrentsA,
} from '@gridlens/domain/power/electrical';
import { computeIssueFlags } from '@gridlens/domain/power/issue-flags';
import { powerChangeState } from '@gridlens/domain/power/power-change';
import type { DevicePeriodRow } from './power-devices.repository';

const threePhases = (a: number | null, b: number | null, c: number | null): PhaseCurrentsA | null =>
  a === null || b === null || c === null ? null : [a, b, c];
const ratio = (sum: number | null, count: number) => (sum === null || count === 0 ? null : sum / count);

/**
 * One assets-list row: the stored figures run through the domain rules. Capacity is the period's peak
 * apparent power over the rating; utilisation its mean; "Med" currents the mean of the messages' medians.
 */
export function toAssetListItem(row: DevicePeriodRow, nowMs: number): AssetListItem {
  const n = row.message_count;
  const maxCurrents = threePhases(row.max_a1, row.max_a2, row.max_a3);
  const medSums = threePhases(row.med_sum_a1, row.med_sum_a2, row.med_sum_a3);
  const medCurrents = medSums && n > 0 ? ([medSums[0] / n, medSums[1] / n, medSums[2] / n] as const) : null;
  const maxCapacity = row.apparent_max_kva === null ? null : capacityPercent(row.apparent_max_kva, row.rating_kva);
  const meanApparent = ratio(row.apparent_med_sum_kva, n);
  const utilisation = meanApparent === null ? null : capacityPercent(meanApparent, row.rating_kva);
  const batteryPct = row.latest_battery_pct ?? row.battery_min_pct;
  const flags = computeIssueFlags({
    ratingKva: row.rating_kva,
    maxCurrentsA: maxCurrents,
    maxImbalancePercent: row.imbalance_max_percent,
    maxCapacityPercent: maxCapacity,
    meanCapacityPercent: utilisation,
    maxTemperatureC: row.temperature_max_c,
    minTemperatureC: row.temperature_min_c,
    temperatureSenseError: row.temperature_sense_errors > 0,
    batteryPercent: batteryPct,
    missedMessages: row.missed_messages,
    messageCount: n,
  });
  const lastMessageMs = row.last_message_ms;
  const communication = communicationState(lastMessageMs, nowMs, row.missed_messages);
  const previousMean = ratio(row.previous_apparent_med_sum_kva, row.previous_message_count);
  const latestMed = threePhases(row.latest_med_a1, row.latest_med_a2, row.latest_med_a3);
  return {
    device_id: row.device_id,
    monitor_type: row.monitor_type,
    transformer_name: row.transformer_name,
    transformer_number: row.transformer_number,
    rating_kva: row.rating_kva,
    asset_id: row.asset_id,
    device_status: row.device_status,
    device_voltage_v: row.device_voltage_v,
    installation_date: row.installation_date,
    connected_mprns: row.connected_mprns,
    commuter_area: row.commuter_area,
    latitude: row.latitude,
    longitude: row.longitude,
    device_type: row.device_type,
    connection_type: row.connection_type,
    power_quality_enabled: row.power_quality_enabled,
    watchlisted: row.watchlisted,
    battery_status: batteryStatus(batteryPct),
    battery_pct: batteryPct,
    total_kva: latestMed ? apparentPowerKva(latestMed) : null,
    capacity_percent: maxCapacity,
    capacity_state: maxCapacity === null ? null : capacityState(maxCapacity),
    utilisation_percent: utilisation,
    imbalance_percent: row.imbalance_max_percent,
    imbalance_state: row.imbalance_max_percent === null ? null : imbalanceState(row.imbalance_max_percent),
    phase_loading_percent: maxCurrents ? phaseLoadingPercent(maxCurrents, row.rating_kva) : null,
    Current0Max: maxCurrents?.[0] ?? null,
    Current1Max: maxCurrents?.[1] ?? null,
    Current2Max: maxCurrents?.[2] ?? null,
    Current0Med: medCurrents?.[0] ?? null,
    Current1Med: medCurrents?.[1] ?? null,
    Current2Med: medCurrents?.[2] ?? null,
    temperature_max_c: row.temperature_max_c,
    temperature_med_c: ratio(row.temperature_med_sum_c, row.temperature_count),
    last_message_at: lastMessageMs === null ? null : new Date(lastMessageMs).toISOString(),
    message_count: n,
    missed_messages: row.missed_messages,
    missed_message_level: missedMessageLevel(row.missed_messages, n + row.missed_messages),
    communication_state: communication,
    power_change_state: meanApparent === null || previousMean === null ? null : powerChangeState(meanApparent, previousMean),
    status_category: deviceStatusCategory(flags, communication),
    // Listed rather than spread: a spread made every item a slow dictionary-mode object.
    HasCapacityUnderLimit: flags.HasCapacityUnderLimit,
    HasCapacityOverLimit: flags.HasCapacityOverLimit,
    HasMissedMessages: flags.HasMissedMessages,
    HasImbalance: flags.HasImbalance,
    HasCurrentOverLimit: flags.HasCurrentOverLimit,
    HasLowBattery: flags.HasLowBattery,
    HasNoPower: flags.HasNoPower,
    HasTemperatureOutsideRange: flags.HasTemperatureOutsideRange,
    HasTemperatureOverLimit: flags.HasTemperatureOverLimit,
    HasTemperatureSenseError: flags.HasTemperatureSenseError,
  };
}

const twoDecimals = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * How each field goes into its column: figures computed here at the two decimals the screens show (spec §9),
 * registry values as stored. One reader per field, so that each is a fast monomorphic property read (a loop of
 * item[field] over 50 names made transposing 10,000 items cost 10 ms), and the type demands every field.
 */
const COLUMN_VALUE: { [K in keyof AssetListItem]: (item: AssetListItem) => AssetListItem[K] } = {
  device_id: (item) => item.device_id,
  monitor_type: (item) => item.monitor_type,
  transformer_name: (item) => item.transformer_name,
  transformer_number: (item) => item.transformer_number,
  rating_kva: (item) => item.rating_kva,
  asset_id: (item) => item.asset_id,
  device_status: (item) => item.device_status,
  device_voltage_v: (item) => item.device_voltage_v,
  installation_date: (item) => item.installation_date,
  connected_mprns: (item) => item.connected_mprns,
  commuter_area: (item) => item.commuter_area,
  latitude: (item) => item.latitude,
  longitude: (item) => item.longitude,
  device_type: (item) => item.device_type,
  connection_type: (item) => item.connection_type,
  power_quality_enabled: (item) => item.power_quality_enabled,
  watchlisted: (item) => item.watchlisted,
  battery_status: (item) => item.battery_status,
  battery_pct: (item) => twoDecimals(item.battery_pct),
  total_kva: (item) => twoDecimals(item.total_kva),
  capacity_percent: (item) => twoDecimals(item.capacity_percent),
  capacity_state: (item) => item.capacity_state,
  utilisation_percent: (item) => twoDecimals(item.utilisation_percent),
  imbalance_percent: (item) => twoDecimals(item.imbalance_percent),
  imbalance_state: (item) => item.imbalance_state,
  phase_loading_percent: (item) => twoDecimals(item.phase_loading_percent),
  Current0Max: (item) => twoDecimals(item.Current0Max),
  Current1Max: (item) => twoDecimals(item.Current1Max),
  Current2Max: (item) => twoDecimals(item.Current2Max),
  Current0Med: (item) => twoDecimals(item.Current0Med),
  Current1Med: (item) => twoDecimals(item.Current1Med),
  Current2Med: (item) => twoDecimals(item.Current2Med),
  temperature_max_c: (item) => twoDecimals(item.temperature_max_c),
  temperature_med_c: (item) => twoDecimals(item.temperature_med_c),
  last_message_at: (item) => item.last_message_at,
  message_count: (item) => item.message_count,
  missed_messages: (item) => item.missed_messages,
  missed_message_level: (item) => item.missed_message_level,
  communication_state: (item) => item.communication_state,
  power_change_state: (item) => item.power_change_state,
  status_category: (item) => item.status_category,
  HasCapacityUnderLimit: (item) => item.HasCapacityUnderLimit,
  HasCapacityOverLimit: (item) => item.HasCapacityOverLimit,
  HasMissedMessages: (item) => item.HasMissedMessages,
  HasImbalance: (item) => item.HasImbalance,
  HasCurrentOverLimit: (item) => item.HasCurrentOverLimit,
  HasLowBattery: (item) => item.HasLowBattery,
  HasNoPower: (item) => item.HasNoPower,
  HasTemperatureOutsideRange: (item) => item.HasTemperatureOutsideRange,
  HasTemperatureOverLimit: (item) => item.HasTemperatureOverLimit,
  HasTemperatureSenseError: (item) => item.HasTemperatureSenseError,
};
const COLUMN_READERS = ASSET_LIST_FIELDS.map((field) => [field, COLUMN_VALUE[field] as (item: AssetListItem) => unknown] as const);

/**
 * The columnar answer of GET /api/powerdata/device for `count` items, each made by `itemAt` when its turn
 * comes. An item is copied into the columns and dropped at once, so 10,000 of them never live together:
 * the young-generation collector frees them for nothing, where a list of items survived to the old
 * generation and its collections showed in the list's p95.
 */
export function toAssetListColumns(count: number, itemAt: (index: number) => AssetListItem): AssetList {
  const columns = COLUMN_READERS.map(() => new Array<unknown>(count));
  for (let i = 0; i < count; i += 1) {
    const item = itemAt(i);
    for (let f = 0; f < COLUMN_READERS.length; f += 1)
      (columns[f] as unknown[])[i] = (COLUMN_READERS[f] as (typeof COLUMN_READERS)[number])[1](item);
  }
  return { count, columns: Object.fromEntries(COLUMN_READERS.map(([field], f) => [field, columns[f]])) as AssetList['columns'] };
}
