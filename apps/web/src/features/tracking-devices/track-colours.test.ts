import { describe, expect, it } from 'vitest';
import { LOCATION_TYPES, POSITION_MESSAGE_TYPES } from '@gridlens/domain/tracking/enumerations';
import { createAppTheme } from '@/lib/theme';
import { positionColours } from '@/lib/ui/location-colours';
import { trackFixColours } from './track-colours';

/** #rrggbb to CIELAB (D65), to tell how far apart two colours look. */
const lab = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const [x, y, z] = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map((t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)) as [number, number, number];
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
};
const deltaE = (a: string, b: string) => Math.hypot(...lab(a).map((v, i) => v - (lab(b)[i] as number)));
/** Far enough apart that a fix's dot is not taken for a POI's pin at a glance (CIE76; 2.3 is just noticeable). */
const APART = 30;

describe("the colours of a track's fixes", () => {
  for (const mode of ['light', 'dark'] as const) {
    const theme = createAppTheme(mode);
    const fixes = trackFixColours(theme);
    const places = positionColours(theme);

    it(`keep each way of finding a fix apart from the colour of every POI type the track marks (${mode})`, () => {
      for (const fix of POSITION_MESSAGE_TYPES)
        for (const type of LOCATION_TYPES) expect(deltaE(fixes[fix], places[type]), `${fix} / ${type}`).toBeGreaterThanOrEqual(APART);
    });

    it(`keep the three ways of finding a fix apart from each other (${mode})`, () => {
      for (const [i, a] of POSITION_MESSAGE_TYPES.entries())
        for (const b of POSITION_MESSAGE_TYPES.slice(i + 1))
          expect(deltaE(fixes[a], fixes[b]), `${a} / ${b}`).toBeGreaterThanOrEqual(APART);
    });
  }
});
