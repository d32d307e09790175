/**
 * An offline, deterministic climate model of Ireland's air temperature (domain-references §6): the seasonal cycle
 * from the 1991-2020 station normals (ireland-climate-normals.ts), interpolated between mid-months and between
 * stations, and a daily cycle from the month's mean minimum near dawn to its mean maximum in mid-afternoon. It gives
 * the typical temperature for a place and time, never weather: no fronts, no cold spells (the heat-pump model shifts a day to its 1-in-20 cold mean itself).
 */
import { distanceKm, type GeoPoint } from '../geo';
import { DEFAULT_PEAK_SOLAR_HOUR, diurnalShape, sunriseSolarHour } from './diurnal-cycle';
import { IRELAND_CLIMATE_STATIONS, type ClimateStation } from './ireland-climate-normals';

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Day of year (0-based, fractional) at the middle of each month of a 365-day year. */
const MID_MONTH_DAY = DAYS_IN_MONTH.map((days, m) => DAYS_IN_MONTH.slice(0, m).reduce((a, b) => a + b, 0) + days / 2);

/** The normals for one place and day: the daily mean and half the daily range (max - min)/2, °C and K. */
export interface DailyNormal {
  meanC: number;
  halfRangeK: number;
}

/** Linear interpolation of a monthly series at a (0-based, fractional) day of a 365-day year, wrapping December-January. */
function monthlyAt(values: readonly number[], dayOfYear: number): number {
  let next = MID_MONTH_DAY.findIndex((mid) => mid > dayOfYear);
  if (next < 0) next = 12;
  const prev = next - 1;
  const prevDay = prev < 0 ? MID_MONTH_DAY[11]! - 365 : MID_MONTH_DAY[prev]!;
  const nextDay = next > 11 ? MID_MONTH_DAY[0]! + 365 : MID_MONTH_DAY[next]!;
  const w = (dayOfYear - prevDay) / (nextDay - prevDay);
  return (1 - w) * values[(prev + 12) % 12]! + w * values[next % 12]!;
}

/**
 * The stations' weights for a place: inverse distance squared (Shepard 1968), the nearest station alone within
 * 1 km. Outside Ireland the weights still sum to one, so the result stays an Irish climate.
 */
export function stationWeights(point: GeoPoint, stations: readonly ClimateStation[] = IRELAND_CLIMATE_STATIONS): number[] {
  const distances = stations.map((s) => distanceKm(point, { latitude: s.latitude, longitude: s.longitude }));
  const nearest = distances.indexOf(Math.min(...distances));
  if (distances[nearest]! < 1) return distances.map((_, i) => (i === nearest ? 1 : 0));
  const raw = distances.map((d) => 1 / (d * d));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / total);
}

/** The normal daily mean and half-range at a place on a (0-based, fractional) day of the year. */
export function dailyNormal(
  dayOfYear: number,
  weights: readonly number[],
  stations: readonly ClimateStation[] = IRELAND_CLIMATE_STATIONS,
): DailyNormal {
  let maxC = 0;
  let minC = 0;
  stations.forEach((s, i) => {
    maxC += weights[i]! * monthlyAt(s.meanMaxC, dayOfYear);
    minC += weights[i]! * monthlyAt(s.meanMinC, dayOfYear);
  });
  return { meanC: (maxC + minC) / 2, halfRangeK: (maxC - minC) / 2 };
}

/** 0-based day of a 365-day year (29 February counts as 28 February), fractional, at a UTC time. */
function dayOfYearUtc(atMs: number): number {
  const date = new Date(atMs);
  const startMs = Date.UTC(date.getUTCFullYear(), 0, 1);
  const day = (atMs - startMs) / MS_PER_DAY;
  const leap = new Date(Date.UTC(date.getUTCFullYear(), 1, 29)).getUTCMonth() === 1;
  return leap && day >= 59 ? day - 1 : day;
}

/**
 * Ambient temperature in °C at each time (epoch ms) for a place, into `outC` when given. The normal of the day
 * (seasonal cycle) plus the daily cycle: mean minimum at dawn, mean maximum at 14:00 solar time.
 */
export function ambientTemperaturesC(
  point: GeoPoint,
  timesMs: Float64Array,
  outC: Float64Array = new Float64Array(timesMs.length),
): Float64Array {
  const weights = stationWeights(point);
  for (let i = 0; i < timesMs.length; i++) {
    const atMs = timesMs[i]!;
    const solarHour = (((atMs / MS_PER_HOUR + point.longitude / 15) % 24) + 24) % 24;
    const dayOfYear = dayOfYearUtc(atMs);
    const normal = dailyNormal(dayOfYear, weights);
    const dawn = sunriseSolarHour(point.latitude, dayOfYear + 1);
    outC[i] = normal.meanC + normal.halfRangeK * diurnalShape(solarHour, dawn, DEFAULT_PEAK_SOLAR_HOUR);
  }
  return outC;
}

/** Hourly ambient temperatures (°C) for a place from `fromMs` (rounded down to the hour) for `hours` hours. */
export function hourlyAmbientTemperaturesC(
  point: GeoPoint,
  fromMs: number,
  hours: number,
): { timesMs: Float64Array; temperatureC: Float64Array } {
  const startMs = Math.floor(fromMs / MS_PER_HOUR) * MS_PER_HOUR;
  const timesMs = Float64Array.from({ length: Math.max(0, Math.floor(hours)) }, (_, i) => startMs + i * MS_PER_HOUR);
  return { timesMs, temperatureC: ambientTemperaturesC(point, timesMs) };
}
