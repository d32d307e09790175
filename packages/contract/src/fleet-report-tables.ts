import type { FleetReport, KpiReport } from './fleet-reports';
import { reportTable as table } from './report-tables';

/*
 * The fleet and KPI reports as flat tables, one per section, for spreadsheets (CSV, XLSX): each sheet's columns are
 * stable keys (a delivery names them in the recipient's language) and its rows hold plain values, numbers unrounded.
 */

export function fleetReportTables(report: FleetReport) {
  const { changes } = report;
  return [
    table(
      'summary',
      ['week', 'monday', 'sunday', 'time_zone', 'customer', 'devices', 'static', 'fluid', 'static_after_hours'],
      [
        [
          report.week.week,
          report.week.monday,
          report.week.sunday,
          report.time_zone,
          report.customer?.name ?? null,
          report.devices,
          report.movement.static,
          report.movement.fluid,
          report.static_after_hours,
        ],
      ],
    ),
    table(
      'by_location_type',
      ['category', 'devices', 'static', 'fluid'],
      report.by_type.map((row) => [row.category, row.devices, row.static, row.fluid]),
    ),
    table(
      'held_beyond_static',
      ['customer', 'device_id', 'device', 'location', 'since', 'held_hours'],
      report.held.flatMap((customer) =>
        customer.devices.map((d) => [customer.customer_name, d.device_id, d.name, d.location.name, d.since, d.held_hours]),
      ),
    ),
    table(
      'journeys',
      ['origin', 'destination', 'count', 'previous_count', 'median_minutes'],
      report.journeys.pairs.map((p) => [p.origin.name, p.destination.name, p.count, p.previous_count, p.median_minutes]),
    ),
    table(
      'by_tracker_type',
      [
        'device_type',
        'devices',
        'cycles',
        'median_cycle_hours',
        'previous_median_cycle_hours',
        'visits',
        'median_dwell_hours',
        'previous_median_dwell_hours',
      ],
      report.by_tracker_type.map((t) => [
        t.device_type,
        t.devices,
        t.cycles,
        t.median_cycle_hours,
        t.previous_median_cycle_hours,
        t.visits,
        t.median_dwell_hours,
        t.previous_median_dwell_hours,
      ]),
    ),
    table(
      'silent',
      ['device_id', 'device', 'device_type', 'last_message_at'],
      report.silent.map((d) => [d.device_id, d.name, d.device_type, d.last_message_at]),
    ),
    table(
      'low_battery',
      ['device_id', 'device', 'device_type', 'battery_pct', 'last_message_at'],
      report.low_battery.map((d) => [d.device_id, d.name, d.device_type, d.battery_pct, d.last_message_at]),
    ),
    table(
      'changes',
      ['figure', 'current', 'previous', 'delta', 'pct'],
      (['journeys', 'median_cycle_hours', 'arrivals', 'median_dwell_hours'] as const).map((figure) => [
        figure,
        changes[figure].current,
        changes[figure].previous,
        changes[figure].delta,
        changes[figure].pct,
      ]),
    ),
  ];
}

export function kpiReportTables(report: KpiReport) {
  return [
    table(
      'kpi',
      ['week', 'monday', 'devices', 'utilisation_pct', 'median_cycle_hours', 'held_beyond_static', 'silent_over_7_days', 'journeys'],
      report.weeks.map((w) => [
        w.week,
        w.monday,
        w.devices,
        w.utilisation_pct,
        w.median_cycle_hours,
        w.held_beyond_static,
        w.silent_over_7_days,
        w.journeys,
      ]),
    ),
  ];
}

/** One table of each report: its sheet keys and, per sheet, its column keys. */
export type FleetReportTable = ReturnType<typeof fleetReportTables>[number];
export type KpiReportTable = ReturnType<typeof kpiReportTables>[number];
