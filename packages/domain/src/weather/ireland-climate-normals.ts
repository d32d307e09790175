/**
 * Monthly temperature normals of five Met Éireann synoptic stations around Ireland, 1991-2020: the mean daily
 * maximum and minimum air temperature of each month in °C, rounded to 0.1 °C (Met Éireann, "30 year averages",
 * met.ie/climate/30-year-averages, 1991-2020 station tables). Five stations span the island's gradients: the mild
 * south-west Atlantic coast (Valentia), the north coast (Malin Head), the east (Dublin Airport), the south (Cork
 * Airport) and the Shannon estuary. They feed an offline demo climate, not an engineering design value: a site
 * study should use the nearest station's own series.
 */

export interface ClimateStation {
  name: string;
  latitude: number;
  longitude: number;
  /** Mean daily maximum air temperature, January to December, °C. */
  meanMaxC: readonly number[];
  /** Mean daily minimum air temperature, January to December, °C. */
  meanMinC: readonly number[];
}

export const IRELAND_CLIMATE_STATIONS: readonly ClimateStation[] = [
  {
    name: 'Dublin Airport',
    latitude: 53.428,
    longitude: -6.241,
    meanMaxC: [8.4, 8.7, 10.2, 12.3, 14.9, 17.6, 19.4, 19.1, 17.2, 14.0, 10.7, 8.7],
    meanMinC: [2.6, 2.5, 3.5, 4.9, 7.2, 10.0, 11.9, 11.7, 10.1, 7.6, 4.8, 3.0],
  },
  {
    name: 'Shannon Airport',
    latitude: 52.69,
    longitude: -8.918,
    meanMaxC: [9.5, 9.9, 11.7, 14.0, 16.8, 19.2, 20.6, 20.3, 18.5, 15.3, 11.9, 9.8],
    meanMinC: [3.1, 3.0, 4.3, 5.6, 8.1, 10.8, 12.7, 12.5, 10.8, 8.3, 5.3, 3.5],
  },
  {
    name: 'Cork Airport',
    latitude: 51.847,
    longitude: -8.486,
    meanMaxC: [8.9, 9.1, 10.6, 12.6, 15.2, 17.7, 19.3, 19.0, 17.2, 14.1, 11.1, 9.3],
    meanMinC: [3.2, 3.0, 3.9, 5.0, 7.3, 10.0, 11.8, 11.8, 10.3, 8.1, 5.3, 3.7],
  },
  {
    name: 'Valentia Observatory',
    latitude: 51.938,
    longitude: -10.241,
    meanMaxC: [10.0, 10.1, 11.4, 13.2, 15.5, 17.5, 18.7, 19.0, 17.7, 15.0, 12.3, 10.5],
    meanMinC: [5.0, 4.6, 5.3, 6.3, 8.5, 10.9, 12.6, 12.8, 11.5, 9.6, 7.0, 5.5],
  },
  {
    name: 'Malin Head',
    latitude: 55.372,
    longitude: -7.339,
    meanMaxC: [8.6, 8.6, 9.8, 11.6, 13.9, 15.9, 17.4, 17.6, 16.3, 13.6, 11.0, 9.2],
    meanMinC: [4.1, 3.8, 4.7, 5.9, 8.0, 10.2, 12.0, 12.3, 11.0, 8.9, 6.4, 4.6],
  },
];
