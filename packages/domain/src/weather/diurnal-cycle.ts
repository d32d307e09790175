/**
 * The daily temperature cycle: minimum near dawn, maximum in mid-afternoon, joined by two half cosines (the usual
 * shape of hourly-temperature generators, e.g. the WAVE model of Reicosky et al. 1989, simplified). Times are local
 * solar hours: solar noon at 12; solar hour = UTC hour + longitude/15 (the equation of time, ±16 min, is ignored).
 */

/** Mid-afternoon maximum at 14:00 solar time (about 14:25 GMT in Dublin). */
export const DEFAULT_PEAK_SOLAR_HOUR = 14;

/**
 * Solar hour of sunrise: 12 - ω0/15 with cos ω0 = -tan φ·tan δ and the declination δ = 23.45°·sin(360°·(284 + n)/365)
 * (Cooper 1969; Duffie & Beckman, Solar Engineering of Thermal Processes, eq. 1.6.1a and 1.6.10).
 */
export function sunriseSolarHour(latitudeDeg: number, dayOfYear: number): number {
  const toRad = Math.PI / 180;
  const declinationRad = 23.45 * toRad * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365);
  const cosHourAngle = -Math.tan(latitudeDeg * toRad) * Math.tan(declinationRad);
  const hourAngleDeg = Math.acos(Math.min(1, Math.max(-1, cosHourAngle))) / toRad;
  return 12 - hourAngleDeg / 15;
}

/**
 * Where in the daily cycle a solar hour lies, from -1 (the minimum, at dawn) to +1 (the maximum, at the peak hour):
 * -cos from dawn to peak, then +cos falling back to the next dawn.
 */
export function diurnalShape(solarHour: number, dawnSolarHour: number, peakSolarHour = DEFAULT_PEAK_SOLAR_HOUR): number {
  const h = (((solarHour - dawnSolarHour) % 24) + 24) % 24; // hours since dawn, 0..24
  const riseH = peakSolarHour - dawnSolarHour;
  if (h <= riseH) return -Math.cos((Math.PI * h) / riseH);
  return Math.cos((Math.PI * (h - riseH)) / (24 - riseH));
}
