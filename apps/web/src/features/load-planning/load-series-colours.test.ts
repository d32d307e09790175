import { describe, expect, it } from 'vitest';
import { LOAD_SERIES_COLOURS, type LoadSeries } from './load-series-colours';

/** sRGB (#rrggbb) to linear RGB. */
const linear = (hex: string) =>
  [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
/** Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB. */
const VISIONS: Record<string, number[][]> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
const seenAs = (hex: string, vision: number[][]) => {
  const rgb = linear(hex);
  return vision.map((row) =>
    Math.min(
      1,
      Math.max(
        0,
        row.reduce((sum, m, j) => sum + m * (rgb[j] as number), 0),
      ),
    ),
  );
};
/** Linear RGB to CIELAB (D65). */
const lab = ([r, g, b]: number[]) => {
  const [x, y, z] = [
    (0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047,
    0.2126 * r! + 0.7152 * g! + 0.0722 * b!,
    (0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883,
  ].map((t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)) as [number, number, number];
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
};
const deltaE = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - (b[i] as number)));
const luminance = (hex: string) => {
  const [r, g, b] = linear(hex) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
const PAPER = { light: '#ffffff', dark: '#121212' } as const;

describe('the load series colours', () => {
  for (const mode of ['light', 'dark'] as const) {
    const colours = LOAD_SERIES_COLOURS[mode];
    const series = Object.keys(colours) as LoadSeries[];

    it(`keep every pair of series apart for normal and colour-blind vision (${mode} theme)`, () => {
      for (const [vision, matrix] of Object.entries(VISIONS))
        for (const [i, a] of series.entries())
          for (const b of series.slice(i + 1)) {
            const distance = deltaE(lab(seenAs(colours[a], matrix)), lab(seenAs(colours[b], matrix)));
            expect(distance, `${a} / ${b}, ${vision}`).toBeGreaterThanOrEqual(20);
          }
    });

    it(`read at 3:1 or more on the ${mode} theme's paper`, () => {
      for (const name of series) expect(contrast(colours[name], PAPER[mode]), name).toBeGreaterThanOrEqual(3);
    });
  }

  it('tell EV load from total load, which were two near-identical blues (the old pair fails the same measure)', () => {
    const oldEv = '#0288d1'; // MUI's light info.main
    const oldTotal = '#0b6bcb'; // the light theme's primary
    const closest = (a: string, b: string) =>
      Math.min(...Object.values(VISIONS).map((matrix) => deltaE(lab(seenAs(a, matrix)), lab(seenAs(b, matrix)))));
    expect(closest(oldEv, oldTotal)).toBeLessThan(20);
    expect(closest(LOAD_SERIES_COLOURS.light.ev, LOAD_SERIES_COLOURS.light.total)).toBeGreaterThanOrEqual(20);
  });
});
