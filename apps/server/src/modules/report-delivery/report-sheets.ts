import type { FleetReport } from '@gridlens/contract/fleet-reports';
import { fleetReportTables, kpiReportTables, type FleetReportTable, type KpiReportTable } from '@gridlens/contract/fleet-report-tables';
import { powerReportTables, type PowerReportTable } from '@gridlens/contract/power-report-tables';
import type { ReportColumnKind, ReportSheet, ReportTable, ReportTables, TableCell } from '@gridlens/contract/report-tables';
import type { Language } from '@gridlens/domain/language';
import type { BatteryStatus } from '@gridlens/domain/power/battery';
import type { CommunicationState } from '@gridlens/domain/power/communication';
import type { DeviceStatusCategory } from '@gridlens/domain/power/device-status';
import type { CapacityState } from '@gridlens/domain/power/electrical';
import type { PositionCategory, TrackerType } from '@gridlens/domain/tracking/enumerations';
import { translatorFor, type Translate } from '@gridlens/i18n/translator';
import type { ReportData } from './report-data';
import { reportHeading } from './report-heading';

/*
 * A report's key tables as the labelled, typed sheets the spreadsheet writer takes, in the schedule's language.
 * Headings and words are the screens' own catalogue texts wherever a screen shows the figure, so that one thing
 * keeps one name; percent and hour columns are headed without their unit, which the writer adds ("Share (%)") or
 * shows in the cell's number format. Codes (a location type, a device status) become the screens' words for them.
 */

type Row = Readonly<Record<string, TableCell>>;

/** A cell as the screens word it, in the language (a code the catalogue names). */
type Words = (value: TableCell, row: Row, t: Translate) => TableCell;

interface ColumnName {
  kind: ReportColumnKind;
  label: (t: Translate) => string;
  /** Without it, the cell is the value itself. */
  words?: Words;
}

/** Every sheet and every column of a report's tables, named: the compiler finds one left without a name. */
interface TableNames<T extends ReportTable> {
  sheets: Record<T['sheet'], (t: Translate) => string>;
  columns: Record<T['columns'][number], ColumnName>;
}

const column = (kind: ReportColumnKind, label: (t: Translate) => string, words?: Words): ColumnName => ({
  kind,
  label,
  words,
});

/** A code in the words of the catalogue key it has in `keys`; a code without one is left as it is. */
const wordsOf =
  (keys: Readonly<Record<string, string>>): Words =>
  (value, _row, t) => {
    // Own keys only: a value such as "constructor" is no code.
    const key = typeof value === 'string' && Object.hasOwn(keys, value) ? keys[value] : undefined;
    return key === undefined ? value : t(key);
  };

const LOCATION_TYPE_WORDS: Record<PositionCategory, string> = {
  Friendly: 'trackingJourneys.poiReport.types.Friendly',
  'Non-Friendly': 'trackingJourneys.poiReport.types.Non-Friendly',
  'Outside POIs': 'trackingJourneys.poiReport.types.Outside POIs',
  'No location data': 'trackingJourneys.poiReport.types.No location data',
};

const TRACKER_TYPE_WORDS: Record<TrackerType, string> = {
  Vehicle: 'alerts.tracking.deviceTypes.Vehicle',
  Trailer: 'alerts.tracking.deviceTypes.Trailer',
  Container: 'alerts.tracking.deviceTypes.Container',
  Equipment: 'alerts.tracking.deviceTypes.Equipment',
};

const FIGURE_WORDS: Record<keyof FleetReport['changes'], string> = {
  journeys: 'fleetReports.fleet.figures.journeys',
  median_cycle_hours: 'fleetReports.fleet.figures.median_cycle_hours',
  arrivals: 'fleetReports.fleet.figures.arrivals',
  median_dwell_hours: 'fleetReports.fleet.figures.median_dwell_hours',
};

const STATUS_CATEGORY_WORDS: Record<DeviceStatusCategory, string> = {
  no_issue: 'assets.values.status_category.no_issue',
  phase_imbalance: 'assets.values.status_category.phase_imbalance',
  temperature_alert: 'assets.values.status_category.temperature_alert',
  current_overlimit: 'assets.values.status_category.current_overlimit',
  communication_problem: 'assets.values.status_category.communication_problem',
  no_power: 'assets.values.status_category.no_power',
  low_battery: 'assets.values.status_category.low_battery',
};

/** The power report's fleet status groups (columns of the assets list) and the words of each group's values. */
const STATUS_GROUPS = {
  status_category: { name: 'assets.columns.status_category', values: STATUS_CATEGORY_WORDS },
  communication_state: {
    name: 'assets.columns.communication_state',
    values: {
      communicated: 'assets.values.communication_state.communicated',
      no_communication_24h: 'assets.values.communication_state.no_communication_24h',
      missed_messages: 'assets.values.communication_state.missed_messages',
    } satisfies Record<CommunicationState, string>,
  },
  capacity_state: {
    name: 'assets.columns.capacity_state',
    values: {
      underperforming: 'assets.values.capacity_state.underperforming',
      normal: 'assets.values.capacity_state.normal',
      overutilised: 'assets.values.capacity_state.overutilised',
      no_data: 'assets.values.capacity_state.none',
    } satisfies Record<CapacityState | 'no_data', string>,
  },
  battery_status: {
    name: 'assets.columns.battery_status',
    values: {
      High: 'assets.values.battery_status.High',
      Low: 'assets.values.battery_status.Low',
      Unknown: 'assets.values.battery_status.Unknown',
    } satisfies Record<BatteryStatus, string>,
  },
} as const;

const groupOf = (row: Row) =>
  typeof row['group'] === 'string' && Object.hasOwn(STATUS_GROUPS, row['group']) ? (row['group'] as keyof typeof STATUS_GROUPS) : null;

// Columns the tracking reports share: one heading each, as the screens write it.
const WEEK = column('text', (t) => t('fleetReports.weekLabel'));
const MONDAY = column('date', (t) => t('reportDelivery.columns.monday'));
const TIME_ZONE = column('text', (t) => t('reportDelivery.columns.time_zone'));
const ASSETS = column('number', (t) => t('trackingJourneys.poiReport.assets'));
const DEVICE_ID = column('text', (t) => t('trackingDevices.columns.device_id'));
const MEDIAN_CYCLE = column('duration_hours', (t) => t('reportDelivery.columns.median_cycle_hours'));
const TRACKER_TYPE = column('text', (t) => t('trackingDevices.columns.device_type'), wordsOf(TRACKER_TYPE_WORDS));

function fleetNames(report: FleetReport): TableNames<FleetReportTable> {
  return {
    sheets: {
      summary: (t) => t('reportDelivery.sheets.summary'),
      by_location_type: (t) => t('reportDelivery.sheets.by_location_type'),
      held_beyond_static: (t) => t('reportDelivery.sheets.held_beyond_static'),
      journeys: (t) => t('trackingJourneys.total'),
      by_tracker_type: (t) => t('reportDelivery.sheets.by_tracker_type'),
      silent: (t) => t('fleetReports.fleet.silent'),
      low_battery: (t) => t('issueFlags.HasLowBattery'),
      changes: (t) => t('reportDelivery.sheets.changes'),
    },
    columns: {
      week: WEEK,
      monday: MONDAY,
      sunday: column('date', (t) => t('reportDelivery.columns.sunday')),
      time_zone: TIME_ZONE,
      customer: column('text', (t) => t('fleetReports.fleet.customer')),
      devices: ASSETS,
      static: column('number', (t) => t('trackingJourneys.poiReport.static')),
      fluid: column('number', (t) => t('trackingJourneys.poiReport.fluid')),
      static_after_hours: column('duration_hours', (t) => t('reportDelivery.columns.static_after_hours')),
      category: column('text', (t) => t('trackingJourneys.poiReport.locationType'), wordsOf(LOCATION_TYPE_WORDS)),
      device_id: DEVICE_ID,
      device: column('text', (t) => t('trackingDevices.columns.name')),
      location: column('text', (t) => t('trackingJourneys.poiReport.location')),
      since: column('datetime', (t) => t('fleetReports.fleet.since')),
      held_hours: column('duration_hours', (t) => t('reportDelivery.columns.held_hours')),
      origin: column('text', (t) => t('trackingJourneys.origin')),
      destination: column('text', (t) => t('trackingJourneys.destination')),
      count: column('number', (t) => t('trackingJourneys.total')),
      previous_count: column('number', (t) => t('fleetReports.fleet.weekBefore')),
      // Journey times are minutes on the screen, and stay so: the heading carries the unit.
      median_minutes: column('number', (t) => t('fleetReports.fleet.medianMinutes')),
      device_type: TRACKER_TYPE,
      cycles: column('number', (t) => t('trackingJourneys.poiReport.cycles')),
      median_cycle_hours: MEDIAN_CYCLE,
      previous_median_cycle_hours: column('duration_hours', (t) => t('reportDelivery.columns.previous_median_cycle_hours')),
      visits: column('number', (t) => t('trackingJourneys.poiReport.arrivals')),
      median_dwell_hours: column('duration_hours', (t) => t('reportDelivery.columns.median_dwell_hours')),
      previous_median_dwell_hours: column('duration_hours', (t) => t('reportDelivery.columns.previous_median_dwell_hours')),
      last_message_at: column('datetime', (t) => t('trackingDevices.columns.last_message_at')),
      battery_pct: column('percent', (t) => t('reportDelivery.columns.battery_pct')),
      figure: column('text', (t) => t('fleetReports.fleet.figure'), wordsOf(FIGURE_WORDS)),
      // As on the screen, the two weeks compared are headed by their names; the figures mix counts and hours.
      current: column('number', () => report.week.week),
      previous: column('number', () => report.previous_week.week),
      delta: column('number', (t) => t('fleetReports.fleet.change')),
      pct: column('percent', (t) => t('reportDelivery.columns.pct')),
    },
  };
}

const KPI_NAMES: TableNames<KpiReportTable> = {
  sheets: { kpi: (t) => t('fleetReports.kpi.tableTitle') },
  columns: {
    week: WEEK,
    monday: MONDAY,
    devices: ASSETS,
    utilisation_pct: column('percent', (t) => t('reportDelivery.columns.utilisation_pct')),
    median_cycle_hours: MEDIAN_CYCLE,
    held_beyond_static: column('number', (t) => t('fleetReports.kpi.names.held_beyond_static')),
    silent_over_7_days: column('number', (t) => t('fleetReports.kpi.names.silent_over_7_days')),
    journeys: column('number', (t) => t('trackingJourneys.total')),
  },
};

const POWER_NAMES: TableNames<PowerReportTable> = {
  sheets: {
    summary: (t) => t('reportDelivery.sheets.summary'),
    fleet_status: (t) => t('reportDelivery.sheets.fleet_status'),
    devices: (t) => t('powerReadings.powerReport.devices'),
  },
  columns: {
    day: column('date', (t) => t('powerReadings.powerReport.day')),
    time_zone: TIME_ZONE,
    generated_at: column('datetime', (t) => t('reportDelivery.columns.generated_at')),
    devices: column('number', (t) => t('powerReadings.powerReport.devices')),
    group: column(
      'text',
      (t) => t('powerReadings.powerReport.group'),
      (value, row, t) => {
        const group = groupOf(row);
        return group === null ? value : t(STATUS_GROUPS[group].name);
      },
    ),
    state: column(
      'text',
      (t) => t('powerReadings.powerReport.state'),
      (value, row, t) => {
        const group = groupOf(row);
        return group === null ? value : wordsOf(STATUS_GROUPS[group].values)(value, row, t);
      },
    ),
    share: column('percent', (t) => t('reportDelivery.columns.share')),
    device_id: column('text', (t) => t('assets.columns.device_id')),
    transformer_name: column('text', (t) => t('assets.columns.transformer_name')),
    status_category: column('text', (t) => t('assets.columns.status_category'), wordsOf(STATUS_CATEGORY_WORDS)),
    capacity_percent: column('percent', (t) => t('reportDelivery.columns.capacity_percent')),
    utilisation_percent: column('percent', (t) => t('reportDelivery.columns.utilisation_percent')),
    imbalance_percent: column('percent', (t) => t('reportDelivery.columns.imbalance_percent')),
    Current0Max: column('number', (t) => t('assets.columns.Current0Max')),
    Current1Max: column('number', (t) => t('assets.columns.Current1Max')),
    Current2Max: column('number', (t) => t('assets.columns.Current2Max')),
    // In °C whatever the recipient's setting on screen: a schedule has no temperature setting, so the heading says it.
    temperature_max_c: column('number', (t) => t('reportDelivery.columns.temperature_max_c')),
    battery_pct: column('percent', (t) => t('reportDelivery.columns.battery_pct')),
    message_count: column('number', (t) => t('assets.columns.message_count')),
    missed_messages: column('number', (t) => t('assets.columns.missed_messages')),
  },
};

function labelled<T extends ReportTable>(tables: readonly T[], names: TableNames<T>, t: Translate): ReportSheet[] {
  return tables.map((table) => {
    const columns = table.columns.map((key: T['columns'][number]) => ({ key, ...names.columns[key] }));
    return {
      name: names.sheets[table.sheet as T['sheet']](t),
      columns: columns.map(({ key, kind, label }) => ({ key, kind, label: label(t) })),
      rows: table.rows.map((cells) => {
        const row: Row = Object.fromEntries(table.columns.map((key, i) => [key, cells[i] ?? null]));
        return Object.fromEntries(columns.map(({ key, words }) => [key, words ? words(row[key] ?? null, row, t) : (row[key] ?? null)]));
      }),
    };
  });
}

/**
 * The report as spreadsheet sheets in the language. Its title, which names the files, is the report's name and
 * its period's name (the week, the day), so that a recipient's downloads of two weeks do not take one file name.
 */
export function reportSheets(report: ReportData & { language: Language }): ReportTables {
  const t = translatorFor(report.language);
  const { title } = reportHeading(report);
  switch (report.kind) {
    case 'fleet':
      return { title: `${title} ${report.data.week.week}`, sheets: labelled(fleetReportTables(report.data), fleetNames(report.data), t) };
    case 'kpi':
      return { title: `${title} ${report.data.last_week.week}`, sheets: labelled(kpiReportTables(report.data), KPI_NAMES, t) };
    case 'power':
      return { title: `${title} ${report.data.day}`, sheets: labelled(powerReportTables(report.data), POWER_NAMES, t) };
  }
}
