import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { POSITION_CATEGORIES } from '@gridlens/domain/tracking/enumerations';
import { positionColours } from './location-colours';

const SRC = fileURLToPath(new URL('../..', import.meta.url));
const sourcesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
const read = (path: string) => readFileSync(join(SRC, path), 'utf8');

/** The screens that colour location types: each must take the colours from lib/ui/location-colours. */
const SCREENS_WITH_LOCATION_COLOURS = [
  'features/tracking-devices/devices-map.tsx',
  'features/tracking-devices/devices-summary.tsx',
  'features/tracking-devices/device-track.tsx',
  'features/tracking-locations/poi-drawer.tsx',
  'features/tracking-locations/location-tones.ts',
  'lib/ui/location-type-mark.tsx',
];
/** A location type named on the same line as a colour: a colour chosen for a type outside the one place. */
const TYPE_WITH_COLOUR =
  /'(Friendly|Non-Friendly|Outside POIs|No location data)'.*(palette\.|#[0-9a-fA-F]{3,8}\b)|(palette\.|#[0-9a-fA-F]{3,8}\b).*'(Friendly|Non-Friendly|Outside POIs|No location data)'/;

describe('the colours of location types', () => {
  it('gives each location type its own colour, in light and in dark', () => {
    for (const mode of ['light', 'dark'] as const) {
      const colours = positionColours(createTheme({ palette: { mode } }));
      expect(Object.keys(colours).sort()).toEqual([...POSITION_CATEGORIES].sort());
      expect(new Set(Object.values(colours)).size).toBe(POSITION_CATEGORIES.length);
    }
  });

  it('is taken from lib/ui/location-colours by every screen and legend that colours them', () => {
    for (const path of SCREENS_WITH_LOCATION_COLOURS) expect(read(path), path).toMatch(/from '(@\/lib\/ui|\.)\/location-colours'/);
  });

  it('is chosen nowhere else: no other file pairs a location type with a colour', () => {
    const offending = sourcesUnder(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => path !== join('lib', 'ui', 'location-colours.ts'))
      .flatMap((path) =>
        read(path)
          .split('\n')
          .flatMap((line, i) => (TYPE_WITH_COLOUR.test(line) ? [`${path}:${i + 1}`] : [])),
      );
    expect(offending).toEqual([]);
  });
});
