import { describe, expect, it } from 'vitest';
import type { Location } from '@gridlens/contract/tracking-locations';
import { locationShape } from './location-tones';

const yard = (polygon: Location['Polygon']): Location =>
  ({
    LocationID: 'YARD',
    FullName: 'North yard',
    Shape: 'polygon',
    Latitude: 53.5,
    Longitude: -6.5,
    RadiusM: 200,
    Polygon: polygon,
  }) as Location;

describe('locationShape', () => {
  it("draws a polygon's outline and each of its holes, as latitude and longitude", () => {
    const outline: [number, number][] = [
      [-6.5, 53.5],
      [-6.4, 53.5],
      [-6.4, 53.6],
      [-6.5, 53.5],
    ];
    const hole: [number, number][] = [
      [-6.45, 53.52],
      [-6.44, 53.52],
      [-6.44, 53.53],
      [-6.45, 53.52],
    ];
    const shape = locationShape(yard([outline, hole]), '#123456');
    expect(shape).toMatchObject({ kind: 'polygon', colour: '#123456', tooltip: 'North yard' });
    if (shape.kind !== 'polygon') throw new Error('expected a polygon');
    expect(shape.points[1]).toEqual({ latitude: 53.5, longitude: -6.4 });
    expect(shape.holes).toEqual([hole.map(([longitude, latitude]) => ({ latitude, longitude }))]);
  });

  it('draws a polygon without holes with none', () => {
    const shape = locationShape(
      yard([
        [
          [-6.5, 53.5],
          [-6.4, 53.5],
          [-6.4, 53.6],
          [-6.5, 53.5],
        ],
      ]),
      '#123456',
    );
    expect(shape.kind === 'polygon' && shape.holes).toEqual([]);
  });
});
