import type { Location } from '@gridlens/contract/tracking-locations';
import type { MapShape } from './map-model';

const pointsOf = (ring: readonly (readonly number[])[]) => ring.map(([longitude = 0, latitude = 0]) => ({ latitude, longitude }));

/** A POI's outline on a map, for any screen that draws POIs: its circle, or its polygon's outline with its holes. */
export function poiShape(location: Location, colour: string): MapShape {
  const [outline, ...holes] = location.Polygon ?? [];
  if (location.Shape === 'polygon' && outline)
    return { kind: 'polygon', points: pointsOf(outline), holes: holes.map(pointsOf), colour, tooltip: location.FullName };
  return {
    kind: 'circle',
    centre: { latitude: location.Latitude, longitude: location.Longitude },
    radiusMetres: location.RadiusM,
    colour,
    tooltip: location.FullName,
  };
}
