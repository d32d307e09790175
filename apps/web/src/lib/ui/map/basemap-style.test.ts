import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '@/lib/theme';
import { basemapStyle } from './basemap-style';

describe('basemapStyle', () => {
  it.each(['light', 'dark'] as const)('in the %s theme, coastlines reach 3:1 against land and sea, and land differs from sea', (mode) => {
    const style = basemapStyle(createAppTheme(mode).palette);
    expect(getContrastRatio(style.coast, style.land)).toBeGreaterThanOrEqual(3);
    expect(getContrastRatio(style.coast, style.sea)).toBeGreaterThanOrEqual(3);
    expect(getContrastRatio(style.land, style.sea)).toBeGreaterThan(1.1);
    expect(style.border).not.toBe(style.coast);
  });

  it('follows the theme: land is the paper of each mode', () => {
    const light = basemapStyle(createAppTheme('light').palette);
    const dark = basemapStyle(createAppTheme('dark').palette);
    expect(light.land).toBe(createAppTheme('light').palette.background.paper);
    expect(dark.land).toBe(createAppTheme('dark').palette.background.paper);
    expect(dark.sea).not.toBe(light.sea);
    expect(dark.coast).not.toBe(light.coast);
  });
});
