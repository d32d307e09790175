/** The series of a load-by-hour chart. */
export type LoadSeries = 'base' | 'ev' | 'hp' | 'total' | 'capacity';

/**
 * One colour per series, in every chart that draws it (issue 27: "EV load" and "Total load" were two near-identical
 * blues). Chosen so that every pair stays apart for readers with protanopia, deuteranopia and tritanopia too (CIELAB
 * ΔE ≥ 20 after simulation; load-series-colours.test.ts), and each line reads at 3:1 or more on the theme's paper.
 */
export const LOAD_SERIES_COLOURS: Readonly<Record<'light' | 'dark', Readonly<Record<LoadSeries, string>>>> = {
  light: { base: '#505050', ev: '#00a37a', hp: '#a0522d', total: '#0b4f9c', capacity: '#d55e00' },
  dark: { base: '#f5f5f5', ev: '#00d19a', hp: '#ffb000', total: '#b39dff', capacity: '#ff6e40' },
};

export const loadSeriesColours = (mode: 'light' | 'dark') => LOAD_SERIES_COLOURS[mode];
