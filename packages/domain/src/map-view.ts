/** Spec §3 shared state and §9: where maps open when nothing else is chosen (the centre of Ireland). */
export const DEFAULT_MAP_VIEW = { latitude: 53.4239, longitude: -7.9407, zoom: 6 } as const;
