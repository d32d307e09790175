import { darken, lighten, type Palette } from '@mui/material/styles';

/** The colours of the offline basemap: land, the sea around it, coastlines and country borders. */
export interface BasemapStyle {
  land: string;
  sea: string;
  coast: string;
  border: string;
}

/**
 * From the theme, so that the basemap follows light and dark. Land is the paper the map sits on and the sea a
 * tint of the palette's blue, quiet enough that the status colours of the markers stay what the eye finds first.
 * Coastlines reach 3:1 against land and sea (WCAG's contrast for graphics): they are what places a device.
 */
export function basemapStyle(palette: Palette): BasemapStyle {
  const dark = palette.mode === 'dark';
  return {
    land: palette.background.paper,
    sea: dark ? darken(palette.info.main, 0.72) : lighten(palette.info.main, 0.86),
    coast: dark ? palette.grey[400] : palette.grey[700],
    border: dark ? palette.grey[600] : palette.grey[500],
  };
}
