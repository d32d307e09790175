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

/** A shape's layer; `edge` is the colour a pin is outlined in (the paper's, as the markers' edge). */
export function shapeLayer(shape: MapShape, edge: string): L.Layer {
  if (shape.kind === 'pin') return pinLayer(shape, edge);
  const layer = shapePath(shape);
  if (shape.kind !== 'ring' && shape.tooltip) layer.bindTooltip(shape.tooltip);
  return layer;
}

/** A pin's size on screen, whatever the zoom: big enough to see and hover at a glance, small enough not to hide a place. */
const PIN_SIZE = { width: 24, height: 32 } as const;
const SVG = 'http://www.w3.org/2000/svg';

/**
 * A pin whose tip is on the place: a DOM element (not the canvas), so that it carries its name as an image's
 * accessible name and sits above the line and the fixes. Built with the DOM's own calls, so a name is never HTML.
 */
function pinLayer(shape: Extract<MapShape, { kind: 'pin' }>, edge: string): L.Marker {
  const element = document.createElement('div');
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', shape.label);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('width', String(PIN_SIZE.width));
  svg.setAttribute('height', String(PIN_SIZE.height));
  svg.setAttribute('viewBox', '0 0 24 32');
  svg.setAttribute('aria-hidden', 'true');
  svg.style.display = 'block';
  svg.style.filter = 'drop-shadow(0 1px 1.5px rgba(0, 0, 0, 0.45))';
  const body = document.createElementNS(SVG, 'path');
  body.setAttribute('d', 'M12 1.5C6.2 1.5 1.75 5.9 1.75 11.6 1.75 19 12 30.5 12 30.5S22.25 19 22.25 11.6C22.25 5.9 17.8 1.5 12 1.5Z');
  body.setAttribute('fill', shape.colour);
  body.setAttribute('stroke', edge);
  body.setAttribute('stroke-width', '1.5');
  const dot = document.createElementNS(SVG, 'circle');
  dot.setAttribute('cx', '12');
  dot.setAttribute('cy', '11.5');
  dot.setAttribute('r', '4');
  dot.setAttribute('fill', edge);
  svg.append(body, dot);
  element.append(svg);
  const icon = L.divIcon({
    html: element,
    className: 'map-pin',
    iconSize: [PIN_SIZE.width, PIN_SIZE.height],
    iconAnchor: [PIN_SIZE.width / 2, PIN_SIZE.height - 1],
    tooltipAnchor: [0, -PIN_SIZE.height + 6],
  });
  // Not a keyboard stop: it does nothing when pressed; its name is read with the map's content.
  return L.marker([shape.centre.latitude, shape.centre.longitude], { icon, keyboard: false, riseOnHover: true }).bindTooltip(shape.label);
}

/**
 * A shape's path. Only a named shape (one with a tooltip) takes the pointer: any other lets clicks and the map's
 * cursor through, so a map where a click places a point (drawing a POI) places it wherever the shapes lie.
 */
function shapePath(shape: Exclude<MapShape, { kind: 'pin' }>): L.Path {
  const interactive = 'tooltip' in shape && shape.tooltip !== undefined;
  switch (shape.kind) {
    case 'line':
      return L.polyline(
        shape.points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple),
        { color: shape.colour, weight: 3, opacity: 0.85, lineJoin: 'round', interactive },
      );
    case 'circle':
      return L.circle([shape.centre.latitude, shape.centre.longitude], {
        radius: shape.radiusMetres,
        color: shape.colour,
        weight: 2,
        fillOpacity: 0.08,
        interactive,
      });
    case 'polygon':
      // The outline, then any holes (a yard with a building cut out): Leaflet leaves the holes unfilled.
      return L.polygon(
        [shape.points, ...(shape.holes ?? [])].map((ring) => ring.map((p) => [p.latitude, p.longitude] as L.LatLngTuple)),
        { color: shape.colour, weight: 2, fillOpacity: 0.08, interactive },
      );
    case 'ring':
      return L.circleMarker([shape.centre.latitude, shape.centre.longitude], {
        radius: 8,
        color: shape.colour,
        weight: 3,
        fillOpacity: 0,
        interactive,
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
    case 'pin':
      return L.latLng(shape.centre.latitude, shape.centre.longitude).toBounds(0);
  }
}
