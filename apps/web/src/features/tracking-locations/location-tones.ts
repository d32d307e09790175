import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Location } from '@gridlens/contract/tracking-locations';
import { LOCATION_TYPES, type LocationType } from '@gridlens/domain/tracking/enumerations';
import type { MapShape, MapTone } from '@/lib/ui/map/map-model';

/** The colour of each location type on the maps: the depot (Friendly) in the theme's success colour, sites in its info colour. */
export function useLocationTones(): { tones: MapTone[]; colourOf: (type: LocationType) => string } {
  const { t } = useTranslation();
  const theme = useTheme();
  return useMemo(() => {
    const colourOf = (type: LocationType) => (type === 'Friendly' ? theme.palette.success.main : theme.palette.info.main);
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
