/**
 * Leaflet's own stylesheet paints the map light grey and its attribution white; in the dark theme that left a
 * bright box and a link without contrast. '&&' outranks Leaflet's selectors, so the map follows the theme.
 */
export const leafletThemeSx = {
  '&&': { bgcolor: 'action.hover' },
  '&& .leaflet-control-attribution': { bgcolor: 'background.paper', color: 'text.secondary' },
  '&& .leaflet-control-attribution a': { color: 'primary.main' },
} as const;
