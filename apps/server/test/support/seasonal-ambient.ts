import type { AmbientTemperatures } from '../../src/modules/load-planning/ambient-temperatures';

const HOURS_PER_DAY = 24;

/**
 * A smooth Irish seasonal cycle, for tests that build the load-planning module with temperatures of their own: the daily mean runs from about 5 °C in mid
 * January to about 15.5 °C in mid July (Met Éireann 1991-2020 normals for Dublin Airport, orders of magnitude), and
 * each day swings ±3 °C around it, coldest at 05:00 and warmest at 15:00 (cosine, period 24 h, peak 15:00).
 */
export const seasonalPlaceholder: AmbientTemperatures = {
  hourlyC(_tenantId, day) {
    const dayOfYear = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${day.slice(0, 4)}-01-01T00:00:00Z`)) / 86_400_000;
    const dailyMeanC = 10.25 - 5.25 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365);
    const hourly = new Float64Array(HOURS_PER_DAY);
    for (let h = 0; h < HOURS_PER_DAY; h++) hourly[h] = dailyMeanC + 3 * Math.cos((2 * Math.PI * (h - 15)) / HOURS_PER_DAY);
    return Promise.resolve(hourly);
  },
};
