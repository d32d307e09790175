import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ReportSheet } from '@gridlens/contract/report-tables';
import { LANGUAGES } from '@gridlens/domain/language';
import { POSITION_CATEGORIES } from '@gridlens/domain/tracking/enumerations';
import { CATALOGUES } from '@gridlens/i18n/catalogues';
import { fleetReport, kpiReport, POWER_DEVICE, powerReport } from '../../../test/support/report-fixtures';
import type { ReportData } from './report-data';
import { reportSheets } from './report-sheets';
import { reportCsvFiles, reportXlsx } from './report-spreadsheets';

const EN = CATALOGUES.EN;
const FR = CATALOGUES.FR;
const PL = CATALOGUES.PL;
const GA = CATALOGUES.GA;

const fleet: ReportData = { kind: 'fleet', data: fleetReport() };
const kpi: ReportData = { kind: 'kpi', data: kpiReport() };
const power: ReportData = {
  kind: 'power',
  data: powerReport([
    POWER_DEVICE,
    {
      ...POWER_DEVICE,
      device_id: 'TX-2',
      transformer_name: 'Mill Lane',
      status_category: 'current_overlimit',
      capacity_percent: 104.5,
      capacity_state: 'overutilised',
      battery_status: 'Low',
      battery_pct: 15,
      HasCapacityOverLimit: true,
      HasLowBattery: true,
    },
  ]),
};

const sheetOf = (sheets: readonly ReportSheet[], index: number): ReportSheet => {
  const sheet = sheets[index];
  if (!sheet) throw new Error(`no sheet ${index}`);
  return sheet;
};
const labels = (sheet: ReportSheet) => sheet.columns.map((c) => c.label);
const kinds = (sheet: ReportSheet) => Object.fromEntries(sheet.columns.map((c) => [c.key, c.kind]));

describe('the fleet report as sheets', () => {
  const en = reportSheets({ ...fleet, language: 'EN' }).sheets;
  const fr = reportSheets({ ...fleet, language: 'FR' }).sheets;

  it('names its sheets with the catalogue’s texts of the language, the screens’ own where they have one', () => {
    const names = (c: typeof EN) => [
      c.reportDelivery.sheets.summary,
      c.reportDelivery.sheets.by_location_type,
      c.reportDelivery.sheets.held_beyond_static,
      c.trackingJourneys.total,
      c.reportDelivery.sheets.by_tracker_type,
      c.fleetReports.fleet.silent,
      c.issueFlags.HasLowBattery,
      c.reportDelivery.sheets.changes,
    ];
    expect(en.map((s) => s.name)).toEqual(names(EN));
    expect(fr.map((s) => s.name)).toEqual(names(FR));
    expect(fr.map((s) => s.name)).not.toContain(EN.reportDelivery.sheets.summary);
  });

  it('heads the columns with the screens’ terms, percent and hour columns without their unit', () => {
    const held = (c: typeof EN) => [
      c.fleetReports.fleet.customer,
      c.trackingDevices.columns.device_id,
      c.trackingDevices.columns.name,
      c.trackingJourneys.poiReport.location,
      c.fleetReports.fleet.since,
      c.reportDelivery.columns.held_hours,
    ];
    expect(labels(sheetOf(en, 2))).toEqual(held(EN));
    expect(labels(sheetOf(fr, 2))).toEqual(held(FR));
    expect(labels(sheetOf(en, 2))).toEqual(['Customer', 'Device ID', 'Device name', 'Point of interest', 'Static since', 'Held']);
    expect(labels(sheetOf(fr, 2))[0]).toBe('Client');
    expect(labels(sheetOf(en, 6))).toEqual(['Device ID', 'Device name', 'Device type', 'Battery level', 'Last message']);
  });

  it('types each column by what it holds', () => {
    expect(kinds(sheetOf(en, 0))).toEqual({
      week: 'text',
      monday: 'date',
      sunday: 'date',
      time_zone: 'text',
      customer: 'text',
      devices: 'number',
      static: 'number',
      fluid: 'number',
      static_after_hours: 'duration_hours',
    });
    expect(kinds(sheetOf(en, 2))).toMatchObject({ since: 'datetime', held_hours: 'duration_hours' });
    expect(kinds(sheetOf(en, 3))).toMatchObject({ count: 'number', median_minutes: 'number' });
    expect(kinds(sheetOf(en, 4))).toMatchObject({ median_cycle_hours: 'duration_hours', previous_median_dwell_hours: 'duration_hours' });
    expect(kinds(sheetOf(en, 5))).toMatchObject({ device_type: 'text', last_message_at: 'datetime' });
    expect(kinds(sheetOf(en, 6))).toMatchObject({ battery_pct: 'percent' });
    expect(kinds(sheetOf(en, 7))).toEqual({ figure: 'text', current: 'number', previous: 'number', delta: 'number', pct: 'percent' });
  });

  it('words location types, tracker types and figures as the screens do, and keeps the values', () => {
    expect(sheetOf(fr, 1).rows.map((r) => r['category'])).toEqual([
      FR.trackingJourneys.poiReport.types.Friendly,
      FR.trackingJourneys.poiReport.types['Non-Friendly'],
    ]);
    expect(sheetOf(fr, 1).rows[1]).toMatchObject({ devices: 2, static: 2, fluid: 0 });
    expect(sheetOf(fr, 4).rows[0]).toMatchObject({ device_type: FR.alerts.tracking.deviceTypes.Trailer, median_cycle_hours: 5 });
    expect(sheetOf(fr, 7).rows.map((r) => r['figure'])).toEqual([
      FR.fleetReports.fleet.figures.journeys,
      FR.fleetReports.fleet.figures.median_cycle_hours,
      FR.fleetReports.fleet.figures.arrivals,
      FR.fleetReports.fleet.figures.median_dwell_hours,
    ]);
    expect(sheetOf(en, 2).rows[0]).toEqual({
      customer: 'Acme',
      device_id: 'T-1',
      device: 'Trailer 1',
      location: 'Site',
      since: '2026-11-15T00:00:00Z',
      held_hours: 200,
    });
  });

  it('words every location type, those whose key has spaces too', () => {
    const data = fleetReport({ by_type: POSITION_CATEGORIES.map((category) => ({ category, devices: 1, static: 1, fluid: 0 })) });
    const [, byType] = reportSheets({ kind: 'fleet', data, language: 'GA' }).sheets;
    expect(byType?.rows.map((r) => r['category'])).toEqual(
      POSITION_CATEGORIES.map((category) => GA.trackingJourneys.poiReport.types[category]),
    );
  });

  it('heads the two weeks compared by their names, as the screen does', () => {
    expect(labels(sheetOf(fr, 7))).toEqual([
      FR.fleetReports.fleet.figure,
      '2026-W47',
      '2026-W46',
      FR.fleetReports.fleet.change,
      FR.reportDelivery.columns.pct,
    ]);
    expect(sheetOf(en, 7).rows[0]).toEqual({ figure: 'Journeys', current: 4, previous: 2, delta: 2, pct: 100 });
  });

  it('titles the tables with the report’s name and its week, which the files are named after', () => {
    expect(reportSheets({ ...fleet, language: 'FR' }).title).toBe(`${FR.fleetReports.fleet.title} 2026-W47`);
  });
});

describe('the KPI report as a sheet', () => {
  it('has one sheet of the weeks, headed in the language and typed', () => {
    const [en] = reportSheets({ ...kpi, language: 'EN' }).sheets;
    const [pl] = reportSheets({ ...kpi, language: 'PL' }).sheets;
    expect(en?.name).toBe(EN.fleetReports.kpi.tableTitle);
    expect(pl?.name).toBe(PL.fleetReports.kpi.tableTitle);
    expect(labels(en!)).toEqual([
      'Week',
      'First day',
      'Assets',
      'Asset utilisation',
      'Median cycle time',
      'Assets held beyond the Static period',
      'Assets silent over 7 days',
      'Journeys',
    ]);
    expect(labels(pl!)).toEqual([
      PL.fleetReports.weekLabel,
      PL.reportDelivery.columns.monday,
      PL.trackingJourneys.poiReport.assets,
      PL.reportDelivery.columns.utilisation_pct,
      PL.reportDelivery.columns.median_cycle_hours,
      PL.fleetReports.kpi.names.held_beyond_static,
      PL.fleetReports.kpi.names.silent_over_7_days,
      PL.trackingJourneys.total,
    ]);
    expect(kinds(en!)).toEqual({
      week: 'text',
      monday: 'date',
      devices: 'number',
      utilisation_pct: 'percent',
      median_cycle_hours: 'duration_hours',
      held_beyond_static: 'number',
      silent_over_7_days: 'number',
      journeys: 'number',
    });
    expect(en?.rows[1]).toMatchObject({ week: '2026-W47', monday: '2026-11-16', utilisation_pct: 75 });
  });
});

describe('the power report as sheets', () => {
  const en = reportSheets({ ...power, language: 'EN' }).sheets;
  const pl = reportSheets({ ...power, language: 'PL' }).sheets;

  it('has a summary, the fleet status and the devices, named in the language', () => {
    expect(en.map((s) => s.name)).toEqual(['Summary', 'Fleet status', 'Devices']);
    expect(pl.map((s) => s.name)).toEqual([
      PL.reportDelivery.sheets.summary,
      PL.reportDelivery.sheets.fleet_status,
      PL.powerReadings.powerReport.devices,
    ]);
    expect(kinds(sheetOf(en, 0))).toEqual({ day: 'date', time_zone: 'text', generated_at: 'datetime', devices: 'number' });
  });

  it('words each status group and its values as the power report screen does', () => {
    const status = sheetOf(pl, 1);
    expect(labels(status)).toEqual([
      PL.powerReadings.powerReport.group,
      PL.powerReadings.powerReport.state,
      PL.powerReadings.powerReport.devices,
      PL.reportDelivery.columns.share,
    ]);
    expect(kinds(status)).toEqual({ group: 'text', state: 'text', devices: 'number', share: 'percent' });
    expect(status.rows[0]).toEqual({
      group: PL.assets.columns.status_category,
      state: PL.assets.values.status_category.no_issue,
      devices: 1,
      share: 50,
    });
    expect(status.rows).toContainEqual({
      group: PL.assets.columns.capacity_state,
      state: PL.assets.values.capacity_state.none,
      devices: 0,
      share: 0,
    });
    expect(status.rows).toContainEqual({
      group: PL.assets.columns.battery_status,
      state: PL.assets.values.battery_status.Low,
      devices: 1,
      share: 50,
    });
    // Every group and value is worded: no code of the API is left in the sheet.
    for (const row of status.rows) expect(String(row['state'])).not.toMatch(/_|^(High|Low|Unknown)$/);
  });

  it('gives the devices table’s columns, temperatures headed in °C, the status in words', () => {
    const devices = sheetOf(en, 2);
    expect(labels(devices)).toEqual([
      'Device ID',
      'Transformer name',
      'Status',
      'Capacity',
      'Utilisation',
      'Imbalance',
      'Max current L1 (A)',
      'Max current L2 (A)',
      'Max current L3 (A)',
      'Max temperature (°C)',
      'Battery level',
      'Messages',
      'Missed messages',
    ]);
    expect(kinds(devices)).toMatchObject({
      status_category: 'text',
      capacity_percent: 'percent',
      utilisation_percent: 'percent',
      imbalance_percent: 'percent',
      Current0Max: 'number',
      temperature_max_c: 'number',
      battery_pct: 'percent',
      missed_messages: 'number',
    });
    expect(labels(sheetOf(pl, 2))[9]).toBe(PL.reportDelivery.columns.temperature_max_c);
    expect(labels(sheetOf(pl, 2))[9]).toContain('°C');
    expect(sheetOf(pl, 2).rows[1]).toMatchObject({
      device_id: 'TX-2',
      status_category: PL.assets.values.status_category.current_overlimit,
      capacity_percent: 104.5,
      temperature_max_c: 41.5,
    });
  });
});

describe('every report in every language', () => {
  const reports = [fleet, kpi, power];
  it.each(LANGUAGES)('%s: sheet names fit Excel’s 31 characters and every heading is a text, once a sheet', (language) => {
    for (const report of reports) {
      for (const sheet of reportSheets({ ...report, language }).sheets) {
        expect(sheet.name.length, sheet.name).toBeLessThanOrEqual(31);
        const headings = labels(sheet);
        for (const heading of headings) expect(heading, `${sheet.name}: ${heading}`).not.toMatch(/^$|^[a-zA-Z]+\.[\w.]+$/);
        expect(new Set(headings).size, sheet.name).toBe(headings.length);
      }
    }
  });
});

describe('written through the spreadsheet writer', () => {
  it('reads back from the XLSX: the French names, typed cells in their formats', async () => {
    const tables = reportSheets({ ...power, language: 'FR' });
    const file = await reportXlsx(tables, { language: 'FR', timeZone: 'Europe/Dublin' });
    expect(file.filename).toBe(`${FR.reportSchedules.kinds.power} 2026-11-23.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      FR.reportDelivery.sheets.summary,
      FR.reportDelivery.sheets.fleet_status,
      FR.powerReadings.powerReport.devices,
    ]);
    const summary = workbook.worksheets[0]!;
    expect((summary.getRow(2).getCell(1).value as Date).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(summary.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy');
    const devices = workbook.worksheets[2]!;
    expect(devices.getRow(1).getCell(4).value).toBe(FR.reportDelivery.columns.capacity_percent);
    expect(devices.getRow(3).getCell(3).value).toBe(FR.assets.values.status_category.current_overlimit);
    expect(devices.getRow(3).getCell(4).value).toBe(1.045);
    expect(devices.getRow(3).getCell(4).numFmt).toBe('0.00%');
    expect(devices.getRow(3).getCell(10).value).toBe(41.5);
  });

  it('reads back the fleet report’s instants and hours', async () => {
    const file = await reportXlsx(reportSheets({ ...fleet, language: 'EN' }), { language: 'EN', timeZone: 'Europe/Dublin' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const held = workbook.getWorksheet('Held at customers')!;
    expect([1, 2, 3, 4, 5, 6].map((c) => held.getRow(1).getCell(c).value)).toEqual([
      'Customer',
      'Device ID',
      'Device name',
      'Point of interest',
      'Static since',
      'Held',
    ]);
    // Dublin is on UTC in November: the wall clock is the instant.
    expect((held.getRow(2).getCell(5).value as Date).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(held.getRow(2).getCell(5).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(held.getRow(2).getCell(6).value).toBe(200);
    expect(held.getRow(2).getCell(6).numFmt).toBe('#,##0.00" h"');
  });

  it('gets one unit in each CSV heading: the writer’s, after the bare label', () => {
    const files = reportCsvFiles(reportSheets({ ...power, language: 'FR' }), { language: 'FR', timeZone: 'Europe/Dublin' });
    const heading = files[2]?.content.toString('utf8').slice(1).split('\r\n')[0];
    expect(heading?.split(';').slice(3, 6)).toEqual(['Capacité (%)', 'Taux d’utilisation (%)', 'Déséquilibre (%)']);
    expect(heading?.split(';')[9]).toBe('Température max (°C)');
  });
});
