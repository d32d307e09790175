import { describe, expect, it } from 'vitest';
import { diurnalShape, sunriseSolarHour } from './diurnal-cycle';

describe('sunriseSolarHour', () => {
  it('is 06:00 solar time at the equinoxes and symmetric about them', () => {
    // Declination 0 on day 81 (284 + 81 = 365): cos ω0 = 0, ω0 = 90°, sunrise 12 - 6.
    expect(sunriseSolarHour(53.35, 81)).toBeCloseTo(6, 6);
  });

  it('gives Dublin’s solstice sunrises: about 08:20 solar in December, 03:40 in June', () => {
    // δ = ∓23.45°: cos ω0 = ±tan 53.35°·tan 23.45° = ±0.5830, ω0 = 54.3° or 125.7°.
    expect(sunriseSolarHour(53.35, 355)).toBeCloseTo(12 - 54.34 / 15, 1);
    expect(sunriseSolarHour(53.35, 172)).toBeCloseTo(12 - 125.66 / 15, 1);
  });
});

describe('diurnalShape', () => {
  it('is -1 at dawn, +1 at the peak, and rises then falls in between', () => {
    expect(diurnalShape(7, 7, 14)).toBeCloseTo(-1, 12);
    expect(diurnalShape(14, 7, 14)).toBeCloseTo(1, 12);
    expect(diurnalShape(10.5, 7, 14)).toBeCloseTo(0, 12);
    // Falling half: 17 h from 14:00 to the next dawn, halfway at 22:30.
    expect(diurnalShape(22.5, 7, 14)).toBeCloseTo(0, 12);
    expect(diurnalShape(31, 7, 14)).toBeCloseTo(-1, 12);
    expect(diurnalShape(-1, 7, 14)).toBeCloseTo(diurnalShape(23, 7, 14), 12);
  });
});
