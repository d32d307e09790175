import { describe, expect, it } from 'vitest';
import type { TrackerMessageRow } from '@gridlens/contract/tracking-devices';
import type { Location } from '@gridlens/contract/tracking-locations';
import { trackShapes } from './track-shapes';

const fix = (seq: number, latitude: number | null, location_id: string | null = null): TrackerMessageRow => ({
  seq,
  time: new Date(Date.UTC(2026, 10, 2, seq)).toISOString(),
  message_type: latitude === null ? 'NoPositionData' : 'gps',
  latitude,
  longitude: latitude === null ? null : -6.26,
  accuracy_m: null,
  battery_pct: null,
  temperature_c: null,
  location_id,
  location_type: null,
  downlink_id: null,
});
const poi = (id: string, type: Location['LocationType'], latitude: number): Location =>
  ({
    LocationID: id,
    FullName: `POI ${id}`,
    LocationType: type,
    Shape: 'circle',
    Latitude: latitude,
    Longitude: -6.26,
    RadiusM: 200,
  }) as Location;
const COLOURS = { Friendly: 'green', 'Non-Friendly': 'orange' };
const LABEL = (location: Location) => `${location.LocationType}: ${location.FullName}`;

describe("a device's track", () => {
  it('is one line through its fixes in time order, skipping messages without a position', () => {
    const shapes = trackShapes([fix(1, 53.35), fix(2, null), fix(3, 53.37), fix(4, 53.4)], [], COLOURS, 'grey', LABEL);
    expect(shapes).toEqual([
      {
        kind: 'line',
        colour: 'grey',
        points: [53.35, 53.37, 53.4].map((latitude) => ({ latitude, longitude: -6.26 })),
      },
    ]);
  });

  it('draws the POIs it visited, each in its location type’s colour, under the line; not the others', () => {
    const pois = [poi('DEPOT', 'Friendly', 53.35), poi('SITE', 'Non-Friendly', 53.4), poi('ELSEWHERE', 'Non-Friendly', 52)];
    const shapes = trackShapes([fix(1, 53.35, 'DEPOT'), fix(2, 53.37), fix(3, 53.4, 'SITE')], pois, COLOURS, 'grey', LABEL);
    expect(shapes.filter((s) => s.kind !== 'pin').map((s) => [s.kind, 'tooltip' in s ? s.tooltip : undefined, s.colour])).toEqual([
      ['circle', 'POI DEPOT', 'green'],
      ['circle', 'POI SITE', 'orange'],
      ['line', undefined, 'grey'],
    ]);
  });

  it('marks each POI it visited with a pin at its centre, in its type’s colour and named, seen at any zoom', () => {
    // A 200 m circle is under a pixel at the zoom that frames a track across the country: the pin keeps its size.
    const polygon = {
      ...poi('YARD', 'Non-Friendly', 53.5),
      Shape: 'polygon',
      Longitude: -6.3,
      Polygon: [
        [
          [-6.31, 53.49],
          [-6.29, 53.49],
          [-6.3, 53.51],
        ],
      ],
    };
    const pois = [poi('DEPOT', 'Friendly', 53.35), polygon as Location, poi('ELSEWHERE', 'Non-Friendly', 52)];
    const shapes = trackShapes(
      [fix(1, 53.35, 'DEPOT'), fix(2, 53.37), fix(3, 53.5, 'YARD'), fix(4, 53.36, 'DEPOT')],
      pois,
      COLOURS,
      'grey',
      LABEL,
    );
    expect(shapes.filter((s) => s.kind === 'pin')).toEqual([
      { kind: 'pin', centre: { latitude: 53.35, longitude: -6.26 }, colour: 'green', label: 'Friendly: POI DEPOT' },
      { kind: 'pin', centre: { latitude: 53.5, longitude: -6.3 }, colour: 'orange', label: 'Non-Friendly: POI YARD' },
    ]);
    // On top of the outlines and the line, so that the line never hides them.
    expect(shapes.map((s) => s.kind)).toEqual(['circle', 'polygon', 'line', 'pin', 'pin']);
  });

  it('has no line for a single fix', () => {
    expect(trackShapes([fix(1, 53.35)], [], COLOURS, 'grey', LABEL)).toEqual([]);
  });
});
