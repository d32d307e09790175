import { distanceKm, type GeoPoint } from '../geo';

/** A town or city of the gazetteer: its name, its first-level region's name, its country (ISO 3166-1 alpha-2). */
export interface GazetteerPlace extends GeoPoint {
  name: string;
  region: string;
  country: string;
}

/** How a typed name is compared: lower case, without accents or punctuation ("Béal Átha" finds "Beal Atha"). */
export function searchableName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The places whose name matches what was typed, best first: the whole name before a name it starts, before a name
 * one of whose words it starts; within each, the nearest to `near` (where the map is looking) first, so that
 * "Athlone" finds the Irish town before the Canadian and South African ones. `names` holds each place's
 * searchableName, made once for the whole gazetteer.
 */
export function searchPlaces(
  places: readonly GazetteerPlace[],
  names: readonly string[],
  typed: string,
  near: GeoPoint,
  limit: number,
): GazetteerPlace[] {
  const query = searchableName(typed);
  if (query === '') return [];
  const found: { place: GazetteerPlace; rank: number; km: number }[] = [];
  for (let i = 0; i < places.length; i++) {
    const name = names[i]!;
    const rank = name === query ? 0 : name.startsWith(query) ? 1 : name.includes(` ${query}`) ? 2 : -1;
    if (rank >= 0) found.push({ place: places[i]!, rank, km: distanceKm(near, places[i]!) });
  }
  found.sort((a, b) => a.rank - b.rank || a.km - b.km);
  return found.slice(0, limit).map(({ place }) => place);
}
