/** Spec §3 shared state and §9: where maps open when nothing else is chosen (the centre of Ireland). */
export const DEFAULT_MAP_VIEW = { latitude: 53.4239, longitude: -7.9407, zoom: 6 } as const;

/**
 * The island of Ireland, with a little sea around it, about the centre maps open on: where a map opens framed when
 * it has nothing of the tenant's to frame (every tenant is Irish: the product keeps no tenant's country, and maps
 * open on Ireland, spec §3). Mizen Head to Malin Head is 51.45 to 55.38 N, Slea Head to Belfast Lough 10.46 to 5.55 W.
 */
export const IRELAND_BOUNDS = {
  south: DEFAULT_MAP_VIEW.latitude - 2.05,
  west: DEFAULT_MAP_VIEW.longitude - 2.7,
  north: DEFAULT_MAP_VIEW.latitude + 2.05,
  east: DEFAULT_MAP_VIEW.longitude + 2.7,
} as const;
