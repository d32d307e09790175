import type { AssetList } from '@gridlens/contract/assets';
import { batteryStatus } from '@gridlens/domain/power/battery';
import { communicationState, missedMessageLevel } from '@gridlens/domain/power/communication';
import { deviceStatusCategory } from '@gridlens/domain/power/device-status';
import { periodCapacityState } from '@gridlens/domain/power/capacity-rule';
import { apparentPowerKva, capacityPercent, phaseLoadingPercent, type PhaseCurrentsA } from '@gridlens/domain/power/electrical';
import { atAnswerPrecisionOrNull } from '@gridlens/domain/number-format';
import { computeIssueFlags, periodImbalanceState } from '@gridlens/domain/power/issue-flags';
import { powerChangeState } from '@gridlens/domain/power/power-change';
import { isoTimestamp } from '../../http/iso-timestamp';
import { asTwoDecimalColumn } from '../../http/two-decimal-json';
import type { PeriodFigures, PeriodTable } from './period-table';
import type { AssetFigures } from './power-readings.public';

const threePhases = (a: number | null, b: number | null, c: number | null): PhaseCurrentsA | null =>
  a === null || b === null || c === null ? null : [a, b, c];
const ratio = (sum: number | null, count: number) => (sum === null || count === 0 ? null : sum / count);

type AssetFigureColumns = { [K in keyof AssetFigures]: AssetFigures[K][] };

/**
 * One device's stored figures run through the domain rules. Capacity is the period's peak apparent power
 * over the rating, and its state and both capacity flags follow the one capacity rule (capacity-rule.ts);
 * utilisation is the mean, shown but judged by nothing; "Med" currents the mean of the messages' medians.
 */
export function deriveAssetFigures(ratingKva: number, row: PeriodFigures, nowMs: number): AssetFigures {
  const n = row.message_count;
  const maxCurrents = threePhases(row.max_a1, row.max_a2, row.max_a3);
  const medSums = threePhases(row.med_sum_a1, row.med_sum_a2, row.med_sum_a3);
  const medCurrents = medSums && n > 0 ? ([medSums[0] / n, medSums[1] / n, medSums[2] / n] as const) : null;
  const maxCapacity = row.apparent_max_kva === null ? null : capacityPercent(row.apparent_max_kva, ratingKva);
  const meanApparent = ratio(row.apparent_med_sum_kva, n);
  const utilisation = meanApparent === null ? null : capacityPercent(meanApparent, ratingKva);
  const batteryPct = row.latest_battery_pct ?? row.battery_min_pct;
  const flags = computeIssueFlags({
    ratingKva: ratingKva,
    maxCurrentsA: maxCurrents,
    maxImbalancePercent: row.imbalance_max_percent,
    maxCapacityPercent: maxCapacity,
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
    watchlisted: row.watchlisted,
    battery_status: batteryStatus(batteryPct),
    battery_pct: batteryPct,
    total_kva: latestMed ? apparentPowerKva(latestMed) : null,
    capacity_percent: maxCapacity,
    capacity_state: periodCapacityState(maxCapacity, flags.HasNoPower),
    utilisation_percent: utilisation,
    imbalance_percent: row.imbalance_max_percent,
    imbalance_state: periodImbalanceState(row.imbalance_max_percent, flags.HasNoPower),
    phase_loading_percent: maxCurrents ? phaseLoadingPercent(maxCurrents, ratingKva) : null,
    Current0Max: maxCurrents?.[0] ?? null,
    Current1Max: maxCurrents?.[1] ?? null,
    Current2Max: maxCurrents?.[2] ?? null,
    Current0Med: medCurrents?.[0] ?? null,
    Current1Med: medCurrents?.[1] ?? null,
    Current2Med: medCurrents?.[2] ?? null,
    temperature_max_c: row.temperature_max_c,
    temperature_med_c: ratio(row.temperature_med_sum_c, row.temperature_count),
    last_message_at: lastMessageMs === null ? null : isoTimestamp(lastMessageMs),
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

/** The answer's precision (packages/domain number-format), shared with every other power-data answer. */
const twoDecimals = atAnswerPrecisionOrNull;

/**
 * One empty array per figure; an object literal, so the columns object has one fixed shape. The figures shown
 * to two decimals are marked so that the answer's JSON writes them as such (http/two-decimal-json.ts).
 */
function emptyFigureColumns(): AssetFigureColumns {
  return {
    watchlisted: [],
    battery_status: [],
    battery_pct: asTwoDecimalColumn([]),
    total_kva: asTwoDecimalColumn([]),
    capacity_percent: asTwoDecimalColumn([]),
    capacity_state: [],
    utilisation_percent: asTwoDecimalColumn([]),
    imbalance_percent: asTwoDecimalColumn([]),
    imbalance_state: [],
    phase_loading_percent: asTwoDecimalColumn([]),
    Current0Max: asTwoDecimalColumn([]),
    Current1Max: asTwoDecimalColumn([]),
    Current2Max: asTwoDecimalColumn([]),
    Current0Med: asTwoDecimalColumn([]),
    Current1Med: asTwoDecimalColumn([]),
    Current2Med: asTwoDecimalColumn([]),
    temperature_max_c: asTwoDecimalColumn([]),
    temperature_med_c: asTwoDecimalColumn([]),
    last_message_at: [],
    message_count: [],
    missed_messages: [],
    missed_message_level: [],
    communication_state: [],
    power_change_state: [],
    status_category: [],
    HasCapacityUnderLimit: [],
    HasCapacityOverLimit: [],
    HasMissedMessages: [],
    HasImbalance: [],
    HasCurrentOverLimit: [],
    HasLowBattery: [],
    HasNoPower: [],
    HasTemperatureOutsideRange: [],
    HasTemperatureOverLimit: [],
    HasTemperatureSenseError: [],
  };
}

/**
 * Appends one device's figures to the columns, at the two decimals the screens show (spec §9). Spelled out
 * field by field: each push is a monomorphic property read and write, where a loop of per-field reader
 * functions made transposing 10,000 items cost 20 ms instead of 5. The asset-list-columns test checks that
 * every column gets every device.
 */
function appendFigures(c: AssetFigureColumns, item: AssetFigures): void {
  c.watchlisted.push(item.watchlisted);
  c.battery_status.push(item.battery_status);
  c.battery_pct.push(twoDecimals(item.battery_pct));
  c.total_kva.push(twoDecimals(item.total_kva));
  c.capacity_percent.push(twoDecimals(item.capacity_percent));
  c.capacity_state.push(item.capacity_state);
  c.utilisation_percent.push(twoDecimals(item.utilisation_percent));
  c.imbalance_percent.push(twoDecimals(item.imbalance_percent));
  c.imbalance_state.push(item.imbalance_state);
  c.phase_loading_percent.push(twoDecimals(item.phase_loading_percent));
  c.Current0Max.push(twoDecimals(item.Current0Max));
  c.Current1Max.push(twoDecimals(item.Current1Max));
  c.Current2Max.push(twoDecimals(item.Current2Max));
  c.Current0Med.push(twoDecimals(item.Current0Med));
  c.Current1Med.push(twoDecimals(item.Current1Med));
  c.Current2Med.push(twoDecimals(item.Current2Med));
  c.temperature_max_c.push(twoDecimals(item.temperature_max_c));
  c.temperature_med_c.push(twoDecimals(item.temperature_med_c));
  c.last_message_at.push(item.last_message_at);
  c.message_count.push(item.message_count);
  c.missed_messages.push(item.missed_messages);
  c.missed_message_level.push(item.missed_message_level);
  c.communication_state.push(item.communication_state);
  c.power_change_state.push(item.power_change_state);
  c.status_category.push(item.status_category);
  c.HasCapacityUnderLimit.push(item.HasCapacityUnderLimit);
  c.HasCapacityOverLimit.push(item.HasCapacityOverLimit);
  c.HasMissedMessages.push(item.HasMissedMessages);
  c.HasImbalance.push(item.HasImbalance);
  c.HasCurrentOverLimit.push(item.HasCurrentOverLimit);
  c.HasLowBattery.push(item.HasLowBattery);
  c.HasNoPower.push(item.HasNoPower);
  c.HasTemperatureOutsideRange.push(item.HasTemperatureOutsideRange);
  c.HasTemperatureOverLimit.push(item.HasTemperatureOverLimit);
  c.HasTemperatureSenseError.push(item.HasTemperatureSenseError);
}

/**
 * The columnar answer of GET /api/powerdata/device. The registry's columns are passed on as the reader keeps
 * them (frozen, shared by every answer until the registry changes, so their JSON is memoised too); each
 * device's figures are derived and copied into the figure columns at once, so 10,000 intermediate objects
 * never live together: the young-generation collector frees them for nothing, where a list of items
 * survived to the old generation and its collections showed in the list's p95.
 */
export function toAssetListColumns(table: PeriodTable, nowMs: number): AssetList {
  const figures = emptyFigureColumns();
  const ratings = table.registry.rating_kva;
  for (let r = 0; r < table.count; r += 1) appendFigures(figures, deriveAssetFigures(ratings[r] as number, table.figuresAt(r), nowMs));
  return { count: table.count, columns: { ...table.registry, ...figures } };
}

/** Every device's figures, in the table's order (what the fleet statistics count). */
export function assetFiguresOf(table: PeriodTable, nowMs: number): AssetFigures[] {
  const ratings = table.registry.rating_kva;
  return Array.from({ length: table.count }, (_unused, r) => deriveAssetFigures(ratings[r] as number, table.figuresAt(r), nowMs));
}
