import { describe, expect, it } from 'vitest';
import { searchableName, searchPlaces, type GazetteerPlace } from './place-search';

const ATHLONE_IE: GazetteerPlace = { name: 'Athlone', region: 'Leinster', country: 'IE', latitude: 53.42278, longitude: -7.93722 };
const ATHLONE_CA: GazetteerPlace = { name: 'Athlone', region: 'Alberta', country: 'CA', latitude: 53.58889, longitude: -113.54861 };
const ATHLONE_ZA: GazetteerPlace = { name: 'Athlone', region: 'Western Cape', country: 'ZA', latitude: -33.96722, longitude: 18.50214 };
const ATHLONE_PARK: GazetteerPlace = { name: 'Athlone Park', region: 'KwaZulu-Natal', country: 'ZA', latitude: -30.01, longitude: 30.92 };
const MOATE: GazetteerPlace = { name: 'Moate', region: 'Leinster', country: 'IE', latitude: 53.39583, longitude: -7.71806 };
const BEAL: GazetteerPlace = { name: 'Béal an Mhuirthead', region: 'Connacht', country: 'IE', latitude: 54.2228, longitude: -9.9906 };
const PORT: GazetteerPlace = { name: 'Carrick-on-Shannon', region: 'Connacht', country: 'IE', latitude: 53.9469, longitude: -8.09 };
const PLACES = [ATHLONE_PARK, ATHLONE_ZA, ATHLONE_CA, MOATE, ATHLONE_IE, BEAL, PORT];
const NAMES = PLACES.map((p) => searchableName(p.name));
const IRELAND = { latitude: 53.4239, longitude: -7.9407 };
const CAPE_TOWN = { latitude: -33.92, longitude: 18.42 };

describe('place search', () => {
  it('puts the whole name first, the nearest of those first: Athlone in Ireland from an Irish map', () => {
    expect(searchPlaces(PLACES, NAMES, 'Athlone', IRELAND, 10)).toEqual([ATHLONE_IE, ATHLONE_CA, ATHLONE_ZA, ATHLONE_PARK]);
  });

  it('ranks by where the map looks, so the same name finds another town elsewhere', () => {
    expect(searchPlaces(PLACES, NAMES, 'athlone', CAPE_TOWN, 1)).toEqual([ATHLONE_ZA]);
  });

  it('finds a name by its start and by the start of one of its words, ignoring case, accents and hyphens', () => {
    expect(searchPlaces(PLACES, NAMES, 'MOA', IRELAND, 10)).toEqual([MOATE]);
    expect(searchPlaces(PLACES, NAMES, 'beal an', IRELAND, 10)).toEqual([BEAL]);
    expect(searchPlaces(PLACES, NAMES, 'shannon', IRELAND, 10)).toEqual([PORT]);
    expect(searchPlaces(PLACES, NAMES, 'hlone', IRELAND, 10)).toEqual([]); // not from the middle of a word
  });

  it('finds nothing for nothing typed, and keeps to the limit', () => {
    expect(searchPlaces(PLACES, NAMES, ' - ', IRELAND, 10)).toEqual([]);
    expect(searchPlaces(PLACES, NAMES, 'ath', IRELAND, 2)).toEqual([ATHLONE_IE, ATHLONE_CA]);
  });
});
