import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '@/lib/theme';
import { boundsOf, textOn } from './map-model';

describe('boundsOf', () => {
  it('is the smallest box around the points, whatever their order', () => {
    const points = [
      { latitude: 53.35, longitude: -6.26 }, // Dublin
      { latitude: 51.9, longitude: -8.48 }, // Cork
      { latitude: 54.28, longitude: -8.48 }, // Sligo
      { latitude: 53.27, longitude: -9.06 }, // Galway
    ];
    const expected = { south: 51.9, west: -9.06, north: 54.28, east: -6.26 };
    expect(boundsOf(points)).toEqual(expected);
    expect(boundsOf([...points].reverse())).toEqual(expected);
  });

  it('is a point for one point, and null for none, so that the map keeps its default view', () => {
    expect(boundsOf([{ latitude: 53.42, longitude: -7.94 }])).toEqual({ south: 53.42, west: -7.94, north: 53.42, east: -7.94 });
    expect(boundsOf([])).toBeNull();
  });

  it('leaves out coordinates that are not numbers', () => {
    expect(boundsOf([{ latitude: Number.NaN, longitude: 0 }])).toBeNull();
    expect(
      boundsOf([
        { latitude: 52, longitude: Number.POSITIVE_INFINITY },
        { latitude: 53, longitude: -7 },
      ]),
    ).toEqual({ south: 53, west: -7, north: 53, east: -7 });
  });
});

describe('textOn', () => {
  it('picks the text colour that reaches WCAG AA on every status colour of both themes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const { palette } = createAppTheme(mode);
      for (const colour of [palette.error.main, palette.warning.main, palette.info.main, palette.success.main, palette.grey[500]]) {
        expect(getContrastRatio(colour, textOn(colour)), `${mode} ${colour}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('is white on dark colours and black on light ones', () => {
    expect(textOn('#0b3d91')).toBe('#fff');
    expect(textOn('#ffeb3b')).toBe('#000');
  });
});
