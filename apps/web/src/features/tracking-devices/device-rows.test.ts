import { describe, expect, it } from 'vitest';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { deviceRows, devicesOfFigure, NO_FILTERS } from './device-rows';

const device = (id: string, overrides: Partial<TrackedDevice> = {}): TrackedDevice => ({
  device_id: id,
  name: `Tracker ${id}`,
  device_type: 'Vehicle',
  last_message_at: null,
  last_message_type: 'gps',
  latitude: 53,
  longitude: -7,
  battery_pct: null,
  location_id: null,
  position_category: 'Outside POIs',
  still_since: null,
  position_at: null,
  location_name: null,
  location_type: null,
  movement: 'Fluid',
  temperature_c: null,
  accuracy_m: null,
  tags: [],
  watchlisted: false,
  ...overrides,
});

const FLEET = [
  device('A', { battery_pct: 40, tags: ['north'], last_message_at: '2026-11-01T10:00:00Z' }),
  device('B', { battery_pct: 10, movement: 'Static', position_category: 'Friendly', location_name: 'Dublin depot' }),
  device('C', { battery_pct: null, last_message_type: 'None', last_message_at: '2026-11-02T10:00:00Z' }),
];
const ids = (rows: readonly TrackedDevice[]) => rows.map((d) => d.device_id);

describe('the devices table rows', () => {
  it('sorts numbers and times both ways, with no value last either way', () => {
    expect(ids(deviceRows(FLEET, '', NO_FILTERS, { field: 'battery_pct', direction: 'asc' }))).toEqual(['B', 'A', 'C']);
    expect(ids(deviceRows(FLEET, '', NO_FILTERS, { field: 'battery_pct', direction: 'desc' }))).toEqual(['A', 'B', 'C']);
    expect(ids(deviceRows(FLEET, '', NO_FILTERS, { field: 'last_message_at', direction: 'desc' }))).toEqual(['C', 'A', 'B']);
  });

  it('narrows by each filter and by the search over id, name, place and tags', () => {
    const byName = { field: 'name', direction: 'asc' } as const;
    expect(ids(deviceRows(FLEET, '', { ...NO_FILTERS, movement: 'Static' }, byName))).toEqual(['B']);
    expect(ids(deviceRows(FLEET, '', { ...NO_FILTERS, position_category: 'Outside POIs' }, byName))).toEqual(['A', 'C']);
    expect(ids(deviceRows(FLEET, '', { ...NO_FILTERS, last_message_type: 'None' }, byName))).toEqual(['C']);
    expect(ids(deviceRows(FLEET, 'dublin', NO_FILTERS, byName))).toEqual(['B']);
    expect(ids(deviceRows(FLEET, 'north', NO_FILTERS, byName))).toEqual(['A']);
    expect(ids(deviceRows(FLEET, 'tracker c', NO_FILTERS, byName))).toEqual(['C']);
  });

  it('narrows to the devices a summary figure counts, judged when the list was read', () => {
    const readMs = Date.parse('2026-11-02T12:00:00Z');
    expect(ids(devicesOfFigure(FLEET, null, readMs))).toEqual(['A', 'B', 'C']);
    expect(ids(devicesOfFigure(FLEET, 'position-Friendly', readMs))).toEqual(['B']);
    expect(ids(devicesOfFigure(FLEET, 'position-Outside POIs', readMs))).toEqual(['A', 'C']);
    expect(ids(devicesOfFigure(FLEET, 'movement-Static', readMs))).toEqual(['B']);
    expect(ids(devicesOfFigure(FLEET, 'low-battery', readMs))).toEqual(['B']);
    // A has been silent since 1 November, B never reported, C reported two hours before the list was read.
    expect(ids(devicesOfFigure(FLEET, 'silent', readMs))).toEqual(['A', 'B']);
  });
});
