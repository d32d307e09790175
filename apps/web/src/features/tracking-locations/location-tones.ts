import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Location } from '@gridlens/contract/tracking-locations';
import { LOCATION_TYPES, type LocationType } from '@gridlens/domain/tracking/enumerations';
import { positionColours } from '@/lib/ui/location-colours';
import type { MapShape, MapTone } from '@/lib/ui/map/map-model';

/** The colour of each location type on the maps: the one each type has on every screen (lib/ui/location-colours). */
export function useLocationTones(): { tones: MapTone[]; colourOf: (type: LocationType) => string } {
  const { t } = useTranslation();
  const theme = useTheme();
  return useMemo(() => {
    const colours = positionColours(theme);
    const colourOf = (type: LocationType) => colours[type];
    return {
      tones: LOCATION_TYPES.map((type) => ({ id: type, colour: colourOf(type), label: t(`trackingLocations.types.${type}`) })),
      colourOf,
    };
  }, [t, theme]);
}

const pointsOf = (ring: readonly (readonly number[])[]) => ring.map(([longitude = 0, latitude = 0]) => ({ latitude, longitude }));

/** A POI's outline on a map: its circle, or its polygon's outline with its holes. */
export function locationShape(location: Location, colour: string): MapShape {
  const [outline, ...holes] = location.Polygon ?? [];
  if (location.Shape === 'polygon' && outline)
    return {
      kind: 'polygon',
      points: pointsOf(outline),
      holes: holes.map(pointsOf),
      colour,
      tooltip: location.FullName,
    };
  return {
    kind: 'circle',
    centre: { latitude: location.Latitude, longitude: location.Longitude },
    radiusMetres: location.RadiusM,
    colour,
    tooltip: location.FullName,
  };
}
