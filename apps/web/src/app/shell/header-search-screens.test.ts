import { describe, expect, it } from 'vitest';
import type { AssetList, AssetListItem } from '@gridlens/contract/assets';
import { translatorFor } from '@gridlens/i18n/translator';
import { ISSUE_FLAG_NAMES, type IssueFlagName } from '@gridlens/domain/power/issue-flags';
import type { CommunicationState } from '@gridlens/domain/power/communication';
import { deviceStatusCategory } from '@gridlens/domain/power/device-status';
import { issueKey } from '@/lib/device-issue-search';
import { searchKey } from '@/lib/text-search';
import { ASSET_COLUMNS, DEFAULT_VISIBLE_COLUMNS, type DisplayContext } from '@/features/assets/asset-columns';
import { countByValue, SUMMARY_CHARTS } from '@/features/assets/asset-filters';
import { narrowRows } from '@/features/assets/asset-rows';
import { devicesByIssues, searchDevices } from '@/features/power-readings/analytics/analytics-model';
import { reportSearch } from '@/features/power-readings/power-report/report-model';

/**
 * Issue 27: the header search and the count of devices with an issue give the same devices on the three screens
 * that list the fleet (assets, analytics, power report), over the same list. Each device here has a phase imbalance
 * under a more serious issue or none; the assets table's status shows only the most serious one.
 */
const t = translatorFor('EN');
const flagsOf = (...raised: IssueFlagName[]) =>
  Object.fromEntries(ISSUE_FLAG_NAMES.map((name) => [name, raised.includes(name)])) as Record<IssueFlagName, boolean>;

function device(id: string, communication: CommunicationState, ...raised: IssueFlagName[]): AssetListItem {
  const flags = flagsOf(...raised);
  return {
    device_id: id,
    monitor_type: 'PowerCoil',
    transformer_name: `Substation ${id}`,
    transformer_number: null,
    rating_kva: 400,
    asset_id: null,
    device_status: 'Installed',
    device_voltage_v: 230,
    installation_date: '2025-03-01',
    connected_mprns: 12,
    commuter_area: false,
    latitude: 53.1,
    longitude: -7.6,
    device_type: 'Ground Mount',
    connection_type: 'P.L.T.E',
    power_quality_enabled: false,
    cooling: null,
    watchlisted: false,
    battery_status: 'High',
    battery_pct: 80,
    total_kva: 100,
    capacity_percent: 50,
    capacity_state: flags.HasCapacityUnderLimit ? 'underperforming' : 'normal',
    utilisation_percent: 30,
    imbalance_percent: flags.HasImbalance ? 95 : 10,
    imbalance_state: flags.HasImbalance ? 'imbalance' : 'normal',
    phase_loading_percent: 40,
    Current0Max: 100,
    Current1Max: 90,
    Current2Max: 80,
    Current0Med: 70,
    Current1Med: 60,
    Current2Med: 50,
    temperature_max_c: 40,
    temperature_med_c: 35,
    last_message_at: '2026-11-22T10:14:40.000Z',
    message_count: 96,
    missed_messages: communication === 'missed_messages' ? 3 : 0,
    missed_message_level: 'good',
    communication_state: communication,
    power_change_state: 'normal',
    status_category: deviceStatusCategory(flags, communication),
    ...flags,
  };
}

const items = [
  device('NZ-1', 'communicated', 'HasImbalance'),
  device('NZ-2', 'communicated', 'HasImbalance', 'HasTemperatureOverLimit'),
  device('NZ-3', 'missed_messages', 'HasImbalance', 'HasMissedMessages'),
  device('NZ-4', 'communicated', 'HasImbalance', 'HasCurrentOverLimit', 'HasLowBattery'),
  device('NZ-5', 'communicated', 'HasCapacityUnderLimit'),
  device('NZ-6', 'no_communication_24h'),
  device('NZ-7', 'communicated'),
];
const columns = Object.fromEntries(
  Object.keys(items[0] as AssetListItem).map((key) => [key, items.map((item) => item[key as keyof AssetListItem])]),
) as AssetList['columns'];
const list = { count: items.length, columns } as AssetList;
const display: DisplayContext = {
  languageTag: 'en-IE',
  timeZone: 'Europe/Dublin',
  temperatureMetric: 'celsius',
  label: (group, value) => t(`assets.values.${group}.${value}`),
  noData: '–',
};
const byField = new Map(ASSET_COLUMNS.map((c) => [c.field, c]));
const shown = ASSET_COLUMNS.filter((c) => DEFAULT_VISIBLE_COLUMNS.includes(c.field));
const issueName = (issue: Parameters<typeof issueKey>[0]) => t(issueKey(issue));

const ids = (rows: readonly number[]) => rows.map((i) => columns.device_id[i]).sort();
const onAssets = (search: string) =>
  ids(narrowRows(columns, list.count, { search: searchKey(search), searched: shown, columnFilters: {} }, byField, display));
const onAnalytics = (search: string) => ids(searchDevices(list, devicesByIssues(list), searchKey(search), issueName).map((r) => r.index));
const onReport = (search: string) => ids(reportSearch(columns, list.count, searchKey(search), issueName));

describe('the header search on the screens that list the fleet', () => {
  it.each(['Phase imbalance', 'Temperature alert', 'Low battery', 'Communication problem'])('finds the same devices for "%s"', (search) => {
    const found = onAnalytics(search);
    expect(found.length).toBeGreaterThan(0);
    expect(onAssets(search)).toEqual(found);
    expect(onReport(search)).toEqual(found);
  });

  it('finds every device with a phase imbalance, as the imbalance chart counts them, not only those whose status it is', () => {
    expect(onAssets('Phase imbalance')).toEqual(['NZ-1', 'NZ-2', 'NZ-3', 'NZ-4']);
    const imbalanceChart = SUMMARY_CHARTS.find((chart) => chart.id === 'imbalance')!;
    const everyRow = items.map((_item, i) => i);
    expect(countByValue(columns, everyRow, imbalanceChart)[imbalanceChart.values.indexOf('imbalance')]).toBe(4);
  });
});

describe('the header search for the status a device without an issue shows', () => {
  // The power report's status column, and the assets table's, write "No issue" for these two devices (NZ-5 has a
  // capacity under limit, which is no issue): typing what the screen shows finds them.
  it('finds the devices without an issue on the power report', () => {
    expect(onReport('No issue')).toEqual(['NZ-5', 'NZ-7']);
    expect(onReport('no ISSUE ')).toEqual(['NZ-5', 'NZ-7']);
  });

  it('finds the same devices on the assets screen, whether its status column is shown or not', () => {
    expect(onAssets('No issue')).toEqual(['NZ-5', 'NZ-7']);
    const withoutStatus = shown.filter((c) => c.field !== 'status_category');
    const found = narrowRows(
      columns,
      list.count,
      { search: searchKey('No issue'), searched: withoutStatus, columnFilters: {} },
      byField,
      display,
    );
    expect(ids(found)).toEqual(['NZ-5', 'NZ-7']);
  });

  it('finds the same devices in Irish, as the screen writes the status', () => {
    const ga = translatorFor('GA');
    const noIssue = ga('assets.values.status_category.no_issue');
    expect(noIssue).not.toBe('No issue');
    const found = reportSearch(columns, list.count, searchKey(noIssue), (status) => ga(issueKey(status)));
    expect(ids(found)).toEqual(['NZ-5', 'NZ-7']);
  });
});

describe('devices with an issue', () => {
  it('are the same devices on analytics as outside "No issue" on the assets device-status chart', () => {
    const statusChart = SUMMARY_CHARTS.find((chart) => chart.id === 'deviceStatus')!;
    const everyRow = items.map((_item, i) => i);
    const counts = countByValue(columns, everyRow, statusChart);
    const withIssue = items.length - (counts[statusChart.values.indexOf('no_issue')] ?? 0);
    // Capacity under limit alone is no issue (NZ-5); a device not heard for 24 hours has one (NZ-6).
    expect(ids(everyRow.filter((i) => columns.status_category[i] !== 'no_issue'))).toEqual(['NZ-1', 'NZ-2', 'NZ-3', 'NZ-4', 'NZ-6']);
    expect(ids(devicesByIssues(list).map((r) => r.index))).toEqual(['NZ-1', 'NZ-2', 'NZ-3', 'NZ-4', 'NZ-6']);
    expect(devicesByIssues(list)).toHaveLength(withIssue);
  });
});
