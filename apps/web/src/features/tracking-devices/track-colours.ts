import type { Theme } from '@mui/material/styles';
import type { POSITION_MESSAGE_TYPES } from '@gridlens/domain/tracking/enumerations';

type PositionMessageType = (typeof POSITION_MESSAGE_TYPES)[number];

/**
 * The colour of a track's fix by how it was found: GPS in the brand blue, one Wi-Fi network purple, two pink.
 * Kept apart from the colours of the POI types the track marks (lib/ui/location-colours: a depot green, a
 * customer's site orange), so a fix's dot is never taken for a POI: two Wi-Fi networks were the theme's amber,
 * which in dark mode is the orange of a customer's site. Light mode takes the deeper shade of each, to stand out on
 * the pale basemap.
 */
export function trackFixColours(theme: Theme): Readonly<Record<PositionMessageType, string>> {
  const dark = theme.palette.mode === 'dark';
  return {
    gps: theme.palette.primary.main,
    OneWifi: dark ? '#ce93d8' : '#7b1fa2',
    TwoWifi: dark ? '#f06292' : '#ad1457',
  };
}
