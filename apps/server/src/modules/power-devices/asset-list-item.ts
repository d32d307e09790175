import type { AssetListItem } from '@gridlens/contract/power-devices';
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
    medianCapacityPercent: utilisation,
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
    DeviceID: row.device_id,
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
    ...flags,
  };
}
