import { useMemo } from 'react';
import { useTheme, type Theme } from '@mui/material/styles';
import type { PositionCategory } from '@gridlens/domain/tracking/enumerations';

/**
 * The one colour of each location type, wherever a screen shows one: the Devices map and summary, a device's
 * track, the Locations map, the POI report and the journeys. A depot (Friendly) in the theme's success colour, a
 * customer's site (Non-Friendly) in its warning colour (a cluster shows its worst first), outside every POI in its
 * info colour, and no location data in grey. Taken from the theme, so light and dark each have theirs.
 */
export function positionColours(theme: Theme): Readonly<Record<PositionCategory, string>> {
  return {
    Friendly: theme.palette.success.main,
    'Non-Friendly': theme.palette.warning.main,
    'Outside POIs': theme.palette.info.main,
    'No location data': theme.palette.grey[500],
  };
}

/** The location types' colours in the current theme. */
export function usePositionColours(): Readonly<Record<PositionCategory, string>> {
  const theme = useTheme();
  return useMemo(() => positionColours(theme), [theme]);
}
