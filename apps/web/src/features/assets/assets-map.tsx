import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getContrastRatio, useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ClientConfig } from '@gridlens/contract/client-config';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import { toneOf, type AssetColumns, type SegmentTone } from './asset-filters';
import { leafletThemeSx } from '@/lib/ui/leaflet-theme';
import { valueKey } from './use-asset-display';

interface AssetsMapProps {
  columns: AssetColumns;
  rows: readonly number[];
  tiles: ClientConfig['mapTiles'];
}

const MAX_ZOOM = 18;

/** Worst first: a cluster takes the colour of its most serious device. */
const SEVERITY: readonly SegmentTone[] = ['error', 'warning', 'info', 'success', 'neutral'];

/**
 * The devices on a map (Leaflet, markers clustered, coloured by status), the same rows as the table. Without a
 * configured tile server it draws the markers on a plain background, so it works offline. Markers are not
 * keyboard-reachable; the table holds the same devices for keyboard and screen-reader users.
 */
export default function AssetsMap({ columns, rows, tiles }: AssetsMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const cluster = useRef<L.MarkerClusterGroup | null>(null);
  const colours = useMemo(
    (): Record<SegmentTone, string> => ({
      error: theme.palette.error.main,
      warning: theme.palette.warning.main,
      info: theme.palette.info.main,
      success: theme.palette.success.main,
      neutral: theme.palette.grey[500],
    }),
    [theme],
  );
  // Text on a cluster: black or white, whichever contrasts more with its colour (WCAG AA for small text).
  const clusterText = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(colours).map(([tone, colour]) => [
          tone,
          getContrastRatio(colour, '#fff') >= getContrastRatio(colour, '#000') ? '#fff' : '#000',
        ]),
      ) as Record<SegmentTone, string>,
    [colours],
  );
  const markerEdge = theme.palette.background.paper;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      center: [DEFAULT_MAP_VIEW.latitude, DEFAULT_MAP_VIEW.longitude],
      zoom: DEFAULT_MAP_VIEW.zoom,
      // Clustering needs a highest zoom even when no tile layer brings one.
      maxZoom: MAX_ZOOM,
      preferCanvas: true,
      zoomControl: false, // added below with titles in the user's language
    });
    L.control.zoom({ zoomInTitle: t('assets.mapZoomIn'), zoomOutTitle: t('assets.mapZoomOut') }).addTo(map);
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: MAX_ZOOM }).addTo(map);
    const group = L.markerClusterGroup({
      // Adds markers in slices of at most 40 ms, so that 10,000 of them never block the page for a long task.
      chunkedLoading: true,
      chunkInterval: 40,
      chunkDelay: 10,
      showCoverageOnHover: false,
      iconCreateFunction: (c) => {
        const tones = c.getAllChildMarkers().map((m) => (m.options as { tone?: SegmentTone }).tone ?? 'neutral');
        const worst = SEVERITY.find((tone) => tones.includes(tone)) ?? 'neutral';
        return L.divIcon({
          html: `<span style="background:${colours[worst]};color:${clusterText[worst]}">${c.getChildCount()}</span>`,
          className: 'asset-cluster',
          iconSize: L.point(36, 36),
        });
      },
    });
    map.addLayer(group);
    cluster.current = group;
    return () => {
      cluster.current = null;
      map.remove();
    };
  }, [tiles, colours, clusterText, t]);

  useEffect(() => {
    const group = cluster.current;
    if (!group) return;
    group.clearLayers();
    const markers: L.Layer[] = [];
    for (const i of rows) {
      const latitude = columns.latitude[i];
      const longitude = columns.longitude[i];
      if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) continue;
      const status = columns.status_category[i] ?? null;
      const tone = toneOf(status);
      const marker = L.circleMarker([latitude, longitude], {
        radius: 7,
        color: markerEdge,
        weight: 1,
        fillColor: colours[tone],
        fillOpacity: 0.9,
        tone,
      } as L.CircleMarkerOptions);
      marker.bindPopup(() => popupContent(columns, i, t, navigate));
      markers.push(marker);
    }
    group.addLayers(markers);
  }, [columns, rows, colours, markerEdge, t, navigate]);

  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={container}
        role="region"
        aria-label={t('assets.mapLabel')}
        data-testid="assets-map"
        sx={{
          height: 420,
          borderRadius: 1,
          ...leafletThemeSx,
          '& .asset-cluster span': {
            display: 'grid',
            placeItems: 'center',
            width: 36,
            height: 36,
            borderRadius: '50%',
            fontWeight: 700,
            fontSize: 13,
            border: 2,
            borderColor: 'background.paper',
          },
        }}
      />
      {!tiles && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {t('assets.mapNoTiles')}
        </Typography>
      )}
    </Box>
  );
}

/** A marker's popup, built as elements (names are data, never HTML): id linking to the asset, name, status. */
function popupContent(columns: AssetColumns, i: number, t: TFunction, navigate: (to: string) => void | Promise<void>): HTMLElement {
  const deviceId = columns.device_id[i] as string;
  const box = document.createElement('div');
  const link = document.createElement('a');
  link.href = `/asset/${encodeURIComponent(deviceId)}`;
  link.textContent = deviceId;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? '/');
  });
  const name = document.createElement('div');
  name.textContent = columns.transformer_name[i] ?? '';
  const status = document.createElement('div');
  status.textContent = t(valueKey('status_category', columns.status_category[i] ?? null));
  box.append(link, name, status);
  return box;
}
