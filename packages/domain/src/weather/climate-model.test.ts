import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { ambientTemperaturesC, dailyNormal, hourlyAmbientTemperaturesC, stationWeights } from './climate-model';
import { IRELAND_CLIMATE_STATIONS } from './ireland-climate-normals';

const HOUR = 3_600_000;
const dublin = IRELAND_CLIMATE_STATIONS[0]!;
const valentia = IRELAND_CLIMATE_STATIONS[3]!;

function dayAt(point: { latitude: number; longitude: number }, utcMs: number) {
  return hourlyAmbientTemperaturesC(point, utcMs, 24).temperatureC;
}

describe('station normals', () => {
  it('agree with Met Éireann’s national 1991-2020 figures (January 5.3 °C, July 15.2 °C, year 9.8 °C) within the coastal bias', () => {
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const monthMean = (m: number) => mean(IRELAND_CLIMATE_STATIONS.map((s) => (s.meanMaxC[m]! + s.meanMinC[m]!) / 2));
    // Coastal and airport stations run a little warmer than the national grid, which includes high ground.
    expect(monthMean(0)).toBeGreaterThan(5.3 - 0.5);
    expect(monthMean(0)).toBeLessThan(5.3 + 1.5);
    expect(monthMean(6)).toBeGreaterThan(15.2 - 1);
    expect(monthMean(6)).toBeLessThan(15.2 + 1);
    const year = mean(Array.from({ length: 12 }, (_, m) => monthMean(m)));
    expect(year).toBeGreaterThan(9.8);
    expect(year).toBeLessThan(9.8 + 1);
    for (const s of IRELAND_CLIMATE_STATIONS) for (let m = 0; m < 12; m++) expect(s.meanMaxC[m]).toBeGreaterThan(s.meanMinC[m]!);
  });
});

describe('the climate model', () => {
  it('reproduces a station’s mid-month normals at the station itself', () => {
    // 16 January 00:00 UTC is the middle of January (day 15.5 of the year at 12:00); the day's extremes match.
    const january = dayAt(dublin, Date.UTC(2025, 0, 16));
    expect(Math.max(...january)).toBeCloseTo(8.4, 0);
    expect(Math.min(...january)).toBeCloseTo(2.6, 0);
    const normal = dailyNormal(15.5, stationWeights(dublin));
    expect(normal.meanC).toBeCloseTo((8.4 + 2.6) / 2, 10);
    expect(normal.halfRangeK).toBeCloseTo((8.4 - 2.6) / 2, 10);
  });

  it('is coldest near dawn and warmest in mid-afternoon', () => {
    const june = dayAt(dublin, Date.UTC(2025, 5, 15));
    const coldestUtc = june.indexOf(Math.min(...june));
    const warmestUtc = june.indexOf(Math.max(...june));
    expect(coldestUtc).toBeGreaterThanOrEqual(3); // Dublin June sunrise ≈ 04:00 UTC
    expect(coldestUtc).toBeLessThanOrEqual(5);
    expect(warmestUtc).toBeGreaterThanOrEqual(13);
    expect(warmestUtc).toBeLessThanOrEqual(15);
  });

  it('is warmer in July than in January everywhere in Ireland, and milder in winter at Valentia than in Dublin (property)', () => {
    const random = seededRandom(6);
    for (let i = 0; i < 100; i++) {
      const point = { latitude: 51.5 + random() * 3.8, longitude: -10.3 + random() * 4.3 };
      const jan = dailyNormal(15.5, stationWeights(point)).meanC;
      const jul = dailyNormal(196, stationWeights(point)).meanC;
      expect(jul - jan).toBeGreaterThan(7);
    }
    expect(dailyNormal(15.5, stationWeights(valentia)).meanC).toBeGreaterThan(dailyNormal(15.5, stationWeights(dublin)).meanC + 1.5);
  });

  it('interpolates between stations and between months, wrapping the year', () => {
    const between = { latitude: (dublin.latitude + 52.69) / 2, longitude: (dublin.longitude - 8.918) / 2 };
    const weights = stationWeights(between);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const here = dailyNormal(196, weights).meanC;
    expect(here).toBeGreaterThan(dailyNormal(196, stationWeights(dublin)).meanC);
    expect(here).toBeLessThan(dailyNormal(196, stationWeights(IRELAND_CLIMATE_STATIONS[1]!)).meanC);
    // 31 December / 1 January lie between the December and January normals.
    const newYear = dailyNormal(0, stationWeights(dublin)).meanC;
    expect(newYear).toBeLessThan((8.7 + 3.0) / 2);
    expect(newYear).toBeGreaterThan((8.4 + 2.6) / 2);
  });

  it('is deterministic, fills a caller’s array at any sample times, and handles 29 February', () => {
    const timesMs = Float64Array.from([Date.UTC(2024, 1, 29, 12), Date.UTC(2024, 1, 28, 12), Date.UTC(2024, 2, 1, 12, 15)]);
    const out = new Float64Array(3);
    expect(ambientTemperaturesC(dublin, timesMs, out)).toBe(out);
    expect(Array.from(ambientTemperaturesC(dublin, timesMs))).toEqual(Array.from(out));
    expect(out[0]).toBeCloseTo(out[1]!, 1);
    expect(out.every((t) => Number.isFinite(t))).toBe(true);
    const hourly = hourlyAmbientTemperaturesC(dublin, Date.UTC(2025, 0, 1, 5, 30), 3);
    expect(Array.from(hourly.timesMs)).toEqual([0, 1, 2].map((h) => Date.UTC(2025, 0, 1, 5) + h * HOUR));
  });
});
