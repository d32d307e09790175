import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '@gridlens/contract/client-config';
import type { GeoPoint } from '@gridlens/domain/geo';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import { loadBasemap } from './basemap';
import { basemapStyle } from './basemap-style';
import { leafletThemeSx } from './leaflet-theme';
import { MapLegend } from './map-legend';
import { BASEMAP_PANE, BasemapLayer } from './basemap-layer';
import { markerLayers, shapeBounds, shapeLayer, toLatLngBounds } from './map-layers';
import { MarkerClusters } from './marker-clusters';
import { boundsOf, shapeCounts, type GeoBounds, type MapMarker, type MapShape, type MapTone } from './map-model';

export interface MapViewProps {
  /** The accessible name of the map's region. */
  label: string;
  testId: string;
  /** The configured tile server; without one the map draws its own basemap from Natural Earth. */
  tiles: ClientConfig['mapTiles'];
  /** The marker colours and what they mean, worst first: the legend, and the order a cluster picks its colour by. */
  tones: readonly MapTone[];
  /** None for a map of shapes only. */
  markers?: readonly MapMarker[];
  /** Clusters hide detail: right for a fleet's status, wrong where the weak spots are the point (coverage). */
  cluster?: boolean;
  markerRadius?: number;
  shapes?: readonly MapShape[];
  /**
   * A shape to frame (a place typed in a form), or an area (where a form's map opens); a new object frames again,
   * null leaves the view alone.
   */
  frame?: MapShape | GeoBounds | null;
  /** A click on the map, where picking a place is what the map is for; the cursor becomes a crosshair. */
  onPick?: (point: GeoPoint) => void;
  /** A line under the map saying what it is for. */
  hint?: string;
}

/**
 * Zoom limits (docs/decisions.md, "Drawing a POI: zoom limits, coordinates and town search"). Below 3 the world
 * is narrower than a map and the rest is blank; the offline basemap is Natural Earth at 1:50 million, whose
 * coastline is a kilometre off and which has nothing inside the land, so past 13 (about 12 m a pixel in Ireland,
 * enough to see a 25 m circle) it would only show an empty page; a tile server draws streets to its own highest.
 */
export const MIN_ZOOM = 3;
export const OFFLINE_MAX_ZOOM = 13;
export const maxZoomOf = (tiles: ClientConfig['mapTiles']): number => tiles?.maxZoom ?? OFFLINE_MAX_ZOOM;
/** How the markers, or an area, are framed: close enough to tell them apart, with a margin for the edge ones. */
const AREA_FRAMING: L.FitBoundsOptions = { maxZoom: 12, padding: [24, 24] };
const NO_SHAPES: readonly MapShape[] = [];
const NO_MARKERS: readonly MapMarker[] = [];

/**
 * Every map of the product (Leaflet): markers coloured by tone, clustered or not, shapes, a legend, framed to the
 * markers once when it opens (after that the user's zoom and pan are kept), or at the centre of Ireland while it
 * has none. Markers are drawn on one canvas, so 10,000 stay light, and are not keyboard-reachable: each screen
 * lists the same things in a table for keyboard and screen-reader users.
 */
export function MapView(props: MapViewProps) {
  const { label, testId, tiles, tones, markers = NO_MARKERS, cluster = false, markerRadius = 7, shapes = NO_SHAPES, frame = null } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  // Made again only when the tile server changes; every layer below depends on it, so nothing is lost.
  const [map, setMap] = useState<L.Map | null>(null);
  const pick = useRef(props.onPick);
  useEffect(() => {
    pick.current = props.onPick;
  }, [props.onPick]);
  const style = useMemo(() => basemapStyle(theme.palette), [theme]);
  const edge = theme.palette.background.paper;
  const fallback = theme.palette.text.disabled;

  const maxZoom = maxZoomOf(tiles);
  // The view the map was last framed on (markers, or a shape of the form), kept while the user has not moved it.
  const framing = useRef<{ bounds: L.LatLngBounds; options: L.FitBoundsOptions } | null>(null);
  // Set while the map moves by our own hand, so that only the user's moves count as theirs.
  const ourMove = useRef(false);
  const frameTo = (target: L.Map, bounds: L.LatLngBounds, options: L.FitBoundsOptions) => {
    framing.current = { bounds, options };
    ourMove.current = true;
    // Not animated: the move starts and ends within this call, and a test reads the view as soon as it is shown.
    target.fitBounds(bounds, { ...options, animate: false });
    ourMove.current = false;
  };

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = L.map(element, {
      center: [DEFAULT_MAP_VIEW.latitude, DEFAULT_MAP_VIEW.longitude],
      zoom: DEFAULT_MAP_VIEW.zoom,
      // Clustering needs a highest zoom even when no tile layer brings one.
      maxZoom,
      minZoom: MIN_ZOOM,
      preferCanvas: true,
      zoomControl: false, // added below with titles in the user's language
      // The page scrolls past the map: a wheel turned over it zooms it only once the user has clicked into it,
      // otherwise scrolling down the assets page zoomed the map out to the whole world on its way past.
      scrollWheelZoom: false,
    });
    const wheelZoom = created.scrollWheelZoom;
    const leaveWheel = () => wheelZoom.disable();
    created.on('click focus', () => wheelZoom.enable());
    element.addEventListener('mouseleave', leaveWheel);
    // Leaflet measures its box when made; the layout settling, the navigation collapsing, a dialog's scroll bar or
    // the window resizing change it later. Leaflet's own answer keeps the top-left corner where it was, which
    // moved what the map was framed on: the POIs slid off the right edge, and the centre of the drawing map, where
    // a user clicks for the town it was centred on, slid 10 km away. So a map framed on something, and not moved
    // by the user since, is framed again; any other keeps its centre.
    const resized = new ResizeObserver(() => {
      ourMove.current = true;
      created.invalidateSize({ pan: true, animate: false });
      ourMove.current = false;
      if (framing.current) frameTo(created, framing.current.bounds, framing.current.options);
    });
    resized.observe(element);
    created.on('movestart', () => {
      if (!ourMove.current) framing.current = null;
    });
    // What the map shows, for the browser tests to compare with where the POIs are (and for anyone inspecting it).
    const showView = () => {
      const view = created.getBounds();
      element.dataset['zoom'] = String(created.getZoom());
      element.dataset['bounds'] = [view.getSouth(), view.getWest(), view.getNorth(), view.getEast()].map((v) => v.toFixed(5)).join(',');
      const centre = created.getCenter();
      element.dataset['centre'] = `${centre.lat.toFixed(5)},${centre.lng.toFixed(5)}`;
    };
    created.on('moveend zoomend resize', showView);
    showView();
    created.createPane(BASEMAP_PANE).style.zIndex = '250';
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => pick.current?.({ latitude: event.latlng.lat, longitude: event.latlng.lng }));
    setMap(created);
    return () => {
      element.removeEventListener('mouseleave', leaveWheel);
      resized.disconnect();
      setMap(null);
      framing.current = null;
      created.remove();
    };
    // frameTo and maxZoom change only with the tiles (frameTo reads refs alone).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles]);

  // A language change retitles the zoom buttons without making the map again (which would lose the user's view).
  useEffect(() => {
    if (!map) return;
    const zoom = L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(map);
    return () => void zoom.remove();
  }, [map, t]);

  useEffect(() => {
    if (!map || tiles) return;
    let layer: L.Layer | null = null;
    let cancelled = false;
    loadBasemap().then(
      (parts) => {
        if (!cancelled) layer = new BasemapLayer(parts, style).addTo(map);
      },
      // Without its basemap the map still shows every marker on the plain sea colour, as before it had one.
      () => undefined,
    );
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [map, tiles, style]);

  // Made again when the tones change; clusters index their markers and draw only those in view.
  const group = useMemo(
    () => (map ? (cluster ? new MarkerClusters(tones, maxZoom) : L.layerGroup()) : null),
    [map, cluster, tones, maxZoom],
  );
  useEffect(() => {
    if (!map || !group) return;
    group.addTo(map);
    return () => void group.remove();
  }, [map, group]);

  useEffect(() => {
    if (!group) return;
    const style = { radius: markerRadius, edge, colours: new Map(tones.map((tone) => [tone.id, tone.colour])), fallback };
    if (group instanceof MarkerClusters) {
      group.setMarkers(markers, style);
      return;
    }
    for (const layer of markerLayers(markers, style)) group.addLayer(layer);
    return () => void group.clearLayers();
  }, [group, markers, tones, markerRadius, edge, fallback]);

  // The markers frame a new map once; after that the user's own zoom and pan are kept.
  const framed = useRef<L.Map | null>(null);
  useEffect(() => {
    if (!map || framed.current === map) return;
    const bounds = boundsOf(markers);
    if (!bounds) return;
    framed.current = map;
    frameTo(map, toLatLngBounds(bounds), AREA_FRAMING);
  }, [map, markers]);

  useEffect(() => {
    const element = container.current;
    if (!map || shapes.length === 0) return;
    const layer = L.layerGroup(shapes.map((shape) => shapeLayer(shape, edge))).addTo(map);
    // The lines and areas are drawn on the canvas, out of the DOM's reach (only a pin is an element of its own): the
    // container tells tests what the map draws.
    element?.setAttribute('data-shapes', shapeCounts(shapes));
    return () => {
      layer.remove();
      element?.removeAttribute('data-shapes');
    };
  }, [map, shapes, edge]);

  useEffect(() => {
    if (!map || !frame) return;
    // A shape is framed close (a typed centre, a town); an area as the markers are.
    if ('kind' in frame) frameTo(map, shapeBounds(frame), { ...AREA_FRAMING, maxZoom: Math.min(maxZoom, 15) });
    else frameTo(map, toLatLngBounds(frame), AREA_FRAMING);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- frameTo reads refs alone
  }, [map, frame]);

  const caption = [props.hint, tiles ? null : t('map.noTiles')].filter(Boolean).join(' ');
  return (
    <Box>
      <Box
        role="region"
        aria-label={label}
        data-testid={testId}
        sx={{
          height: 420,
          cursor: props.onPick ? 'crosshair' : undefined,
          ...leafletThemeSx(tiles ? theme.palette.action.hover : style.sea),
        }}
      >
        {/* Leaflet's container is a plain element: React would reset the classes Leaflet gives it whenever the
            theme changed the styles of a managed one, and the map would spill out of its box. */}
        <div ref={container} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mt: 0.75 }}>
        <MapLegend tones={tones} />
        {caption && (
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
