import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ReportTables } from '@gridlens/contract/report-tables';
import { csvField, reportCsvFiles, reportXlsx, sheetCsv, XLSX_CONTENT_TYPE } from './report-spreadsheets';

const tables: ReportTables = {
  title: 'Weekly fleet report',
  sheets: [
    {
      name: 'Held at customers',
      columns: [
        { key: 'customer', label: 'Customer', kind: 'text' },
        { key: 'assets', label: 'Assets', kind: 'number' },
        { key: 'share', label: 'Share', kind: 'percent' },
        { key: 'since', label: 'Since', kind: 'date' },
        { key: 'seen', label: 'Last seen', kind: 'datetime' },
        { key: 'dwell', label: 'Dwell', kind: 'duration_hours' },
      ],
      rows: [
        {
          customer: 'Brady, Sons & "Co"\nCork',
          assets: 1234.5,
          share: 72.5,
          since: '2026-03-02',
          seen: '2026-07-01T06:30:00Z',
          dwell: 36.25,
        },
        { customer: '=HYPERLINK("x")', assets: null, share: null, since: null, seen: null, dwell: null },
      ],
    },
    { name: 'Trackers: silent/low?', columns: [{ key: 'id', label: 'Tracker', kind: 'text' }], rows: [{ id: 'FT-0001' }] },
  ],
};
const dublinEn = { language: 'EN', timeZone: 'Europe/Dublin' } as const;
const [first] = tables.sheets;

describe('CSV', () => {
  it('quotes fields that hold the separator, quotes or line breaks (RFC 4180), and only those', () => {
    expect(csvField('plain', ',')).toBe('plain');
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('a,b', ';')).toBe('a,b');
    expect(csvField('say "hi"', ';')).toBe('"say ""hi"""');
    expect(csvField('two\nlines', ',')).toBe('"two\nlines"');
  });

  it('writes an English file: BOM, commas, decimal points, the zone’s dates, units in the headings, formulas defused', () => {
    const csv = sheetCsv(first!, dublinEn);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Customer,Assets,Share (%),Since,Last seen,Dwell (h)',
      '"Brady, Sons & ""Co""\nCork",1234.50,72.50,02/03/2026,01/07/2026 07:30,36.25',
      `"'=HYPERLINK(""x"")",,,,,`,
      '',
    ]);
  });

  it('writes a French file with semicolons and decimal commas; an American zone puts the month first', () => {
    const csv = sheetCsv(first!, { language: 'FR', timeZone: 'America/Chicago' });
    expect(csv.slice(1).split('\r\n')[1]).toBe('"Brady, Sons & ""Co""\nCork";1234,50;72,50;03/02/2026;07/01/2026 01:30;36,25');
  });

  it('makes one file per sheet, named after the report and the sheet', () => {
    const files = reportCsvFiles(tables, dublinEn);
    expect(files.map((f) => f.filename)).toEqual([
      'Weekly fleet report - Held at customers.csv',
      'Weekly fleet report - Trackers- silent-low-.csv',
    ]);
    expect(files[1]?.content.toString('utf8')).toBe('\uFEFFTracker\r\nFT-0001\r\n');
  });
});

describe('XLSX', () => {
  it('holds one worksheet per sheet with typed cells, number formats, a bold frozen heading and widths', async () => {
    const file = await reportXlsx(tables, dublinEn);
    expect(file.contentType).toBe(XLSX_CONTENT_TYPE);
    expect(file.filename).toBe('Weekly fleet report.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Held at customers', 'Trackers- silent-low-']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const heading = sheet.getRow(1);
    expect([1, 2, 3, 4, 5, 6].map((c) => heading.getCell(c).value)).toEqual(['Customer', 'Assets', 'Share', 'Since', 'Last seen', 'Dwell']);
    expect(heading.getCell(1).font?.bold).toBe(true);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Brady, Sons & "Co"\nCork');
    expect(row.getCell(2).value).toBe(1234.5);
    expect(row.getCell(2).numFmt).toBe('#,##0.00');
    expect(row.getCell(3).value).toBe(0.725);
    expect(row.getCell(3).numFmt).toBe('0.00%');
    // Real dates: the day as it is, the instant on Dublin's summer wall clock (UTC+1).
    expect(row.getCell(4).type).toBe(ExcelJS.ValueType.Date);
    expect((row.getCell(4).value as Date).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(row.getCell(4).numFmt).toBe('dd/mm/yyyy');
    expect((row.getCell(5).value as Date).toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(row.getCell(5).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(row.getCell(6).value).toBe(36.25);
    expect(row.getCell(6).numFmt).toBe('#,##0.00" h"');
    // Empty figures stay empty; a formula-like name stays text.
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.getRow(3).getCell(1).value).toBe('=HYPERLINK("x")');
    expect(sheet.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getColumn(1).width).toBeGreaterThan(sheet.getColumn(2).width ?? 0);
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(8);
  });
});
