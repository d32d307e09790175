/**
 * Leaflet's own stylesheet paints the map light grey and its attribution white; in the dark theme that left a
 * bright box and a link without contrast. These rules sit on the box around Leaflet's container and outrank
 * Leaflet's selectors, so the map follows the theme. The background is the sea when the map draws its own
 * basemap, and a neutral grey while tiles load.
 */
export function leafletThemeSx(background: string) {
  return {
    '&& .leaflet-container': { height: '100%', borderRadius: 1, bgcolor: background },
    '&& .leaflet-control-attribution': { bgcolor: 'background.paper', color: 'text.secondary' },
    '&& .leaflet-control-attribution a': { color: 'primary.main' },
    // A cluster: its count on a disc of its worst device's colour, ringed in the paper's colour.
    '& .map-cluster span': {
      display: 'grid',
      placeItems: 'center',
      width: 36,
      height: 36,
      borderRadius: '50%',
      fontWeight: 700,
      fontSize: 13,
      border: 2,
      borderColor: 'background.paper',
    },
  } as const;
}
