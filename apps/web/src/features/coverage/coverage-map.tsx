import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '@gridlens/contract/client-config';
import type { DeviceCoverage } from '@gridlens/contract/coverage';
import type { GeoPoint } from '@gridlens/domain/geo';
import type { CoverageLevel } from '@gridlens/domain/power/coverage';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import { leafletThemeSx } from '@/lib/ui/leaflet-theme';

interface CoverageMapProps {
  devices: readonly DeviceCoverage[];
  tiles: ClientConfig['mapTiles'];
  /** The site being checked, drawn with its radius; the map frames it when it was typed in the form. */
  site: (GeoPoint & { radiusKm: number; source: 'form' | 'map' }) | null;
  /** A click on the map picks the site to check there. */
  onPick: (point: GeoPoint) => void;
}

const MAX_ZOOM = 18;

/**
 * The devices coloured by coverage level, and the site being checked with its radius. No clustering: coverage is
 * about where the weak spots are, which clusters would hide. Markers are drawn on one canvas, so even 10,000
 * stay light; the table below holds the same devices for keyboard and screen-reader users.
 */
export default function CoverageMap({ devices, tiles, site, onPick }: CoverageMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  // The map and its two layers; made again when the tiles or the language change, and every drawing effect
  // depends on them, so nothing is lost on the new map.
  const [layers, setLayers] = useState<{ map: L.Map; devices: L.LayerGroup; site: L.LayerGroup } | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);
  const colours = useMemo(
    (): Record<CoverageLevel, string> => ({
      // The palette colours LEVEL_COLOUR names for the table and the counts.
      good: theme.palette.success.main,
      average: theme.palette.warning.main,
      bad: theme.palette.error.main,
      not_heard: theme.palette.text.disabled,
    }),
    [theme],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = L.map(element, {
      center: [DEFAULT_MAP_VIEW.latitude, DEFAULT_MAP_VIEW.longitude],
      zoom: DEFAULT_MAP_VIEW.zoom,
      maxZoom: MAX_ZOOM,
      preferCanvas: true,
      zoomControl: false, // added below with titles in the user's language
    });
    L.control.zoom({ zoomInTitle: t('assets.mapZoomIn'), zoomOutTitle: t('assets.mapZoomOut') }).addTo(created);
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: MAX_ZOOM }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => pick.current({ latitude: event.latlng.lat, longitude: event.latlng.lng }));
    setLayers({ map: created, devices: L.layerGroup().addTo(created), site: L.layerGroup().addTo(created) });
    return () => {
      setLayers(null);
      created.remove();
    };
  }, [tiles, t]);

  // The devices frame a new map once; after that the user's own zoom and pan are kept.
  const framed = useRef<L.Map | null>(null);

  useEffect(() => {
    if (!layers) return;
    const layer = layers.devices;
    layer.clearLayers();
    const placed: L.LatLngTuple[] = [];
    for (const device of devices) {
      if (device.latitude === null || device.longitude === null) continue;
      placed.push([device.latitude, device.longitude]);
      L.circleMarker([device.latitude, device.longitude], {
        radius: 6,
        color: theme.palette.background.paper,
        weight: 1,
        fillColor: colours[device.level],
        fillOpacity: 0.9,
      })
        .bindTooltip(`${device.device_id} · ${t(`coverage.levels.${device.level}`)}`)
        .addTo(layer);
    }
    if (framed.current !== layers.map && placed.length > 0) {
      framed.current = layers.map;
      layers.map.fitBounds(L.latLngBounds(placed), { maxZoom: 12, padding: [16, 16] });
    }
  }, [layers, devices, colours, theme, t]);

  useEffect(() => {
    if (!layers) return;
    const layer = layers.site;
    layer.clearLayers();
    if (!site) return;
    const centre: L.LatLngExpression = [site.latitude, site.longitude];
    const ring = L.circle(centre, { radius: site.radiusKm * 1000, color: theme.palette.primary.main, weight: 2, fillOpacity: 0.08 });
    ring.addTo(layer);
    L.circleMarker(centre, { radius: 8, color: theme.palette.primary.main, weight: 3, fillOpacity: 0 }).addTo(layer);
    if (site.source === 'form') layers.map.fitBounds(ring.getBounds(), { maxZoom: 13, padding: [24, 24] });
  }, [layers, site, theme]);

  return (
    <Box>
      <Box
        ref={container}
        role="region"
        aria-label={t('coverage.mapLabel')}
        data-testid="coverage-map"
        sx={{ height: 420, borderRadius: 1, cursor: 'crosshair', ...leafletThemeSx }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {t('coverage.mapHint')}
        {!tiles && ` ${t('assets.mapNoTiles')}`}
      </Typography>
    </Box>
  );
}
