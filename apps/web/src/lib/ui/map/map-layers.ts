import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { GeoBounds, MapMarker, MapShape } from './map-model';

export const toLatLngBounds = (b: GeoBounds) => L.latLngBounds([b.south, b.west], [b.north, b.east]);

export interface MarkerStyle {
  radius: number;
  edge: string;
  colours: ReadonlyMap<string, string>;
  fallback: string;
}

export function markerLayers(markers: readonly MapMarker[], style: MarkerStyle): L.CircleMarker[] {
  return markers.map((m) => {
    const options: L.CircleMarkerOptions = {
      radius: style.radius,
      color: style.edge,
      weight: 1,
      fillColor: style.colours.get(m.tone) ?? style.fallback,
      fillOpacity: 0.9,
    };
    const marker = L.circleMarker([m.latitude, m.longitude], options);
    if (m.tooltip) marker.bindTooltip(m.tooltip);
    if (m.popup) marker.bindPopup(m.popup);
    const onClick = m.onClick;
    if (onClick) marker.on('click', () => onClick());
    return marker;
  });
}

export function shapeLayer(shape: MapShape): L.Layer {
  const layer = shapePath(shape);
  if (shape.kind !== 'ring' && shape.tooltip) layer.bindTooltip(shape.tooltip);
  return layer;
}

function shapePath(shape: MapShape): L.Path {
  switch (shape.kind) {
    case 'line':
      return L.polyline(
        shape.points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple),
        { color: shape.colour, weight: 3, opacity: 0.85, lineJoin: 'round' },
      );
    case 'circle':
      return L.circle([shape.centre.latitude, shape.centre.longitude], {
        radius: shape.radiusMetres,
        color: shape.colour,
        weight: 2,
        fillOpacity: 0.08,
      });
    case 'polygon':
      // The outline, then any holes (a yard with a building cut out): Leaflet leaves the holes unfilled.
      return L.polygon(
        [shape.points, ...(shape.holes ?? [])].map((ring) => ring.map((p) => [p.latitude, p.longitude] as L.LatLngTuple)),
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
    case 'line':
    case 'polygon':
      return L.latLngBounds(shape.points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple));
    case 'ring':
      return L.latLng(shape.centre.latitude, shape.centre.longitude).toBounds(0);
  }
}
