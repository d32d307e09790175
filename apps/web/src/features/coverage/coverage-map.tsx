import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '@gridlens/contract/client-config';
import type { DeviceCoverage } from '@gridlens/contract/coverage';
import type { GeoPoint } from '@gridlens/domain/geo';
import { COVERAGE_LEVELS, type CoverageLevel } from '@gridlens/domain/power/coverage';
import { MapView } from '@/lib/ui/map/map-view';
import type { MapMarker, MapShape, MapTone } from '@/lib/ui/map/map-model';

interface CoverageMapProps {
  devices: readonly DeviceCoverage[];
  tiles: ClientConfig['mapTiles'];
  /** The site being checked, drawn with its radius; the map frames it when it was typed in the form. */
  site: (GeoPoint & { radiusKm: number; source: 'form' | 'map' }) | null;
  /** A click on the map picks the site to check there. */
  onPick: (point: GeoPoint) => void;
}

/**
 * The devices coloured by coverage level, and the site being checked with its radius. No clustering: coverage is
 * about where the weak spots are, which clusters would hide.
 */
export default function CoverageMap({ devices, tiles, site, onPick }: CoverageMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();

  const tones = useMemo((): MapTone[] => {
    // The palette colours LEVEL_COLOUR names for the table and the counts.
    const colours: Record<CoverageLevel, string> = {
      good: theme.palette.success.main,
      average: theme.palette.warning.main,
      bad: theme.palette.error.main,
      not_heard: theme.palette.text.disabled,
    };
    // Worst first, as the table sorts.
    return [...COVERAGE_LEVELS].reverse().map((level) => ({ id: level, colour: colours[level], label: t(`coverage.levels.${level}`) }));
  }, [theme, t]);

  const markers = useMemo(
    () =>
      devices.flatMap((device): MapMarker[] =>
        device.latitude === null || device.longitude === null
          ? []
          : [
              {
                latitude: device.latitude,
                longitude: device.longitude,
                tone: device.level,
                tooltip: `${device.device_id} · ${t(`coverage.levels.${device.level}`)}`,
              },
            ],
      ),
    [devices, t],
  );

  const shapes = useMemo((): MapShape[] => {
    if (!site) return [];
    const colour = theme.palette.primary.main;
    return [
      { kind: 'circle', centre: site, radiusMetres: site.radiusKm * 1000, colour },
      { kind: 'ring', centre: site, colour },
    ];
  }, [site, theme]);
  const frame = site?.source === 'form' ? (shapes[0] ?? null) : null;

  return (
    <MapView
      label={t('coverage.mapLabel')}
      testId="coverage-map"
      tiles={tiles}
      tones={tones}
      markers={markers}
      markerRadius={6}
      shapes={shapes}
      frame={frame}
      onPick={onPick}
      hint={t('coverage.mapHint')}
    />
  );
}
