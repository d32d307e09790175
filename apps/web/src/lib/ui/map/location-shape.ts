import type { Location } from '@gridlens/contract/tracking-locations';
import type { MapShape } from './map-model';

const pointsOf = (ring: readonly (readonly number[])[]) => ring.map(([longitude = 0, latitude = 0]) => ({ latitude, longitude }));

/**
 * A POI's outline on a map, for any screen that draws POIs: its circle, or its polygon's outline with its holes,
 * named on hover unless `named` is false (a map where a click places a point: a named outline catches the click).
 */
export function poiShape(location: Location, colour: string, named = true): MapShape {
  const [outline, ...holes] = location.Polygon ?? [];
  const tooltip = named ? { tooltip: location.FullName } : {};
  if (location.Shape === 'polygon' && outline)
    return { kind: 'polygon', points: pointsOf(outline), holes: holes.map(pointsOf), colour, ...tooltip };
  return {
    kind: 'circle',
    centre: { latitude: location.Latitude, longitude: location.Longitude },
    radiusMetres: location.RadiusM,
    colour,
    ...tooltip,
  };
}
