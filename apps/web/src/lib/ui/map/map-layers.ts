import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { textOn, worstTone, type GeoBounds, type MapMarker, type MapShape, type MapTone } from './map-model';

export const toLatLngBounds = (b: GeoBounds) => L.latLngBounds([b.south, b.west], [b.north, b.east]);

interface MarkerStyle {
  radius: number;
  edge: string;
  colours: ReadonlyMap<string, string>;
  fallback: string;
}

/** A marker remembers its tone, which its cluster reads to take the colour of its worst device. */
type TonedOptions = L.CircleMarkerOptions & { tone: string };

export function markerLayers(markers: readonly MapMarker[], style: MarkerStyle): L.CircleMarker[] {
  return markers.map((m) => {
    const options: TonedOptions = {
      radius: style.radius,
      color: style.edge,
      weight: 1,
      fillColor: style.colours.get(m.tone) ?? style.fallback,
      fillOpacity: 0.9,
      tone: m.tone,
    };
    const marker = L.circleMarker([m.latitude, m.longitude], options);
    if (m.tooltip) marker.bindTooltip(m.tooltip);
    if (m.popup) marker.bindPopup(m.popup);
    const onClick = m.onClick;
    if (onClick) marker.on('click', () => onClick());
    return marker;
  });
}

/**
 * Clusters that add their markers in slices of at most 40 ms, so that 10,000 of them never block the page for a
 * long task; each cluster shows its count on the colour of its most serious device (tones listed worst first).
 */
export function clusterGroup(tones: readonly MapTone[], fallback: string): L.MarkerClusterGroup {
  const order = tones.map((tone) => tone.id);
  const colours = new Map(tones.map((tone) => [tone.id, tone.colour]));
  return L.markerClusterGroup({
    chunkedLoading: true,
    chunkInterval: 40,
    chunkDelay: 10,
    showCoverageOnHover: false,
    iconCreateFunction: (cluster) => {
      const children = cluster.getAllChildMarkers().map((m) => (m.options as Partial<TonedOptions>).tone ?? '');
      const worst = worstTone(children, order);
      const colour = (worst !== null && colours.get(worst)) || fallback;
      return L.divIcon({
        html: `<span style="background:${colour};color:${textOn(colour)}">${cluster.getChildCount()}</span>`,
        // marker-cluster is leaflet.markercluster's own class name, which browser tests and the map bench look for.
        className: 'map-cluster marker-cluster',
        iconSize: L.point(36, 36),
      });
    },
  });
}

export function shapeLayer(shape: MapShape): L.Layer {
  const layer = shapePath(shape);
  if (shape.kind !== 'ring' && shape.tooltip) layer.bindTooltip(shape.tooltip);
  return layer;
}

function shapePath(shape: MapShape): L.Path {
  switch (shape.kind) {
    case 'circle':
      return L.circle([shape.centre.latitude, shape.centre.longitude], {
        radius: shape.radiusMetres,
        color: shape.colour,
        weight: 2,
        fillOpacity: 0.08,
      });
    case 'polygon':
      return L.polygon(
        shape.points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple),
        { color: shape.colour, weight: 2, fillOpacity: 0.08 },
      );
    case 'ring':
      return L.circleMarker([shape.centre.latitude, shape.centre.longitude], {
        radius: 8,
        color: shape.colour,
        weight: 3,
        fillOpacity: 0,
      });
  }
}

/** The area a shape covers, to frame it; a circle's box is computed from its radius, before it is on a map. */
export function shapeBounds(shape: MapShape): L.LatLngBounds {
  switch (shape.kind) {
    case 'circle':
      return L.latLng(shape.centre.latitude, shape.centre.longitude).toBounds(shape.radiusMetres * 2);
    case 'polygon':
      return L.latLngBounds(shape.points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple));
    case 'ring':
      return L.latLng(shape.centre.latitude, shape.centre.longitude).toBounds(0);
  }
}
