import { describe, expect, it } from 'vitest';
import { duplicateProblems, GROUP_COLUMNS, headerProblems, parseGroupRow, parsePlannedWeek, parseSiteRow, SITE_COLUMNS } from './import';

describe('the rollout import', () => {
  it('reads a planned week as YYYY-MM-DD, DD/MM/YYYY or an ISO week, any day naming its Monday', () => {
    expect(parsePlannedWeek('2026-03-05')).toBe('2026-03-02');
    expect(parsePlannedWeek('05/03/2026')).toBe('2026-03-02');
    expect(parsePlannedWeek('5/3/2026')).toBe('2026-03-02');
    expect(parsePlannedWeek('2026-W05')).toBe('2026-01-26');
    expect(parsePlannedWeek('2026w5')).toBe('2026-01-26');
    expect(parsePlannedWeek('31/02/2026')).toBeNull();
    expect(parsePlannedWeek('2025-W53')).toBeNull();
    expect(parsePlannedWeek('next week')).toBeNull();
  });

  it('names the missing, unknown and repeated columns of a header, in any order and case', () => {
    expect(headerProblems([...SITE_COLUMNS].reverse(), SITE_COLUMNS)).toEqual([]);
    expect(headerProblems(['NAME', 'Region', 'contact', 'weekly_target'], GROUP_COLUMNS)).toEqual([]);
    expect(headerProblems(['name', 'colour', 'name'], GROUP_COLUMNS)).toEqual([
      {
        code: 'missing_columns',
        values: { columns: 'region, contact, weekly_target' },
        message: 'Missing column(s): region, contact, weekly_target',
      },
      { code: 'unknown_columns', values: { columns: 'colour' }, message: 'Unknown column(s): colour' },
      { code: 'repeated_columns', values: { columns: 'name' }, message: 'Repeated column(s): name' },
    ]);
  });

  it('reads a site row, or names every refused column of it', () => {
    const cells = {
      site_id: 'TX-1',
      name: 'Main St',
      latitude: '53.1',
      longitude: '-6.2',
      planner_group: 'North',
      planned_week: '2026-W10',
      notes: '',
      device_id: 'D1',
      device_status: 'installed',
    };
    expect(parseSiteRow(cells, 2)).toEqual({
      value: {
        site_id: 'TX-1',
        name: 'Main St',
        latitude: 53.1,
        longitude: -6.2,
        planner_group: 'North',
        planned_week: '2026-03-02',
        notes: null,
        device_id: 'D1',
        device_status: 'Installed',
      },
      problems: [],
    });
    const bad = parseSiteRow(
      { site_id: 'TX#1', name: '', latitude: '95', longitude: 'east', planned_week: 'soon', device_status: 'Asleep' },
      7,
    );
    expect(bad.value).toBeNull();
    expect(bad.problems.map((p) => [p.row, p.column, p.code])).toEqual([
      [7, 'site_id', 'site_id_characters'],
      [7, 'planned_week', 'week_format'],
      [7, 'device_status', 'unknown_status'],
      [7, 'name', 'required'],
      [7, 'latitude', 'out_of_range'],
      [7, 'longitude', 'not_a_number'],
    ]);
    expect(bad.problems.find((p) => p.column === 'latitude')).toMatchObject({
      values: { min: -90, max: 90 },
      message: 'Value should be between -90 and 90',
    });
    expect(parseSiteRow({ site_id: 'S', name: 'N', device_status: 'Active' }, 3).problems).toEqual([
      { row: 3, column: 'device_status', code: 'status_needs_device', values: {}, message: 'A status needs the site’s device_id' },
    ]);
  });

  it('reads a group row, its weekly target a required whole number', () => {
    expect(parseGroupRow({ name: 'North', region: '', contact: 'x@y.z', weekly_target: '4' }, 2).value).toEqual({
      name: 'North',
      region: null,
      contact: 'x@y.z',
      weekly_target: 4,
    });
    expect(parseGroupRow({ name: 'North', weekly_target: '' }, 2).problems.map((p) => p.column)).toEqual(['weekly_target']);
    expect(parseGroupRow({ name: 'North', weekly_target: '2.5' }, 2).problems[0]).toMatchObject({
      code: 'whole_number',
      message: 'Number has to be a whole number',
    });
  });

  it('refuses every row that repeats an id of an earlier row', () => {
    expect(
      duplicateProblems(
        [
          { row: 2, id: 'A' },
          { row: 3, id: 'B' },
          { row: 4, id: 'A' },
          { row: 5, id: 'A' },
        ],
        'site_id',
      ).map((p) => [p.row, p.values]),
    ).toEqual([
      [4, { earlier: 2, id: 'A' }],
      [5, { earlier: 2, id: 'A' }],
    ]);
  });
});
