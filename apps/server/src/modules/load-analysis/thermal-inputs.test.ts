import { describe, expect, it } from 'vitest';
import type { HydrogenForHealth } from '../power-quality/power-quality.module';
import { interpolateAt, measuredTopOilOf } from './thermal-inputs';

const H = 3_600_000;
const Q = 15 * 60_000;

describe('interpolateAt', () => {
  it('interpolates hourly values linearly and holds the end values outside the hours', () => {
    const hours = Float64Array.from([0, H, 2 * H]);
    const values = Float64Array.from([4, 8, 2]);
    const at = Float64Array.from([-Q, 0, Q, H, H + 2 * Q, 2 * H, 3 * H]);
    expect(Array.from(interpolateAt(hours, values, at))).toEqual([4, 4, 5, 8, 5, 2, 2]);
  });

  it('gives the one value of a single hour everywhere', () => {
    expect(Array.from(interpolateAt(Float64Array.from([H]), Float64Array.from([7]), Float64Array.from([0, H, 2 * H])))).toEqual([7, 7, 7]);
  });
});

describe('measuredTopOilOf', () => {
  const times = Float64Array.from([0, Q, 2 * Q, 3 * Q]);
  const row = (atMs: number, oil: number | null, status = 3): HydrogenForHealth['readings'][number] => ({
    seq: 1,
    measured_at: new Date(atMs),
    h2_ppm: 10,
    oil_temperature_c: oil,
    status,
    operation: 2,
  });

  it("gives a top-oil sensor's oil temperature to the reading whose interval holds it, the latest winning, errors left out", () => {
    const readings = [row(0, 50), row(Q + 60_000, 51), row(2 * Q - 60_000, 52), row(3 * Q - 60_000, 99, 1), row(4 * Q, 60)];
    const out = measuredTopOilOf(times, { readings, sensorLocation: 'TopOil' });
    expect(Array.from(out)).toEqual([50, Number.NaN, 52, Number.NaN]);
  });

  it('measures nothing when the sensor sits elsewhere or was never configured', () => {
    for (const sensorLocation of ['MainTank', null] as const) {
      expect(Array.from(measuredTopOilOf(times, { readings: [row(Q, 50)], sensorLocation })).every(Number.isNaN)).toBe(true);
    }
  });
});
