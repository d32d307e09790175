import type { TrackerMessageRow } from '@gridlens/contract/tracking-devices';
import type { Location } from '@gridlens/contract/tracking-locations';
import type { GeoPoint } from '@gridlens/domain/geo';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import type { MapShape } from '@/lib/ui/map/map-model';
import { poiShape } from '@/lib/ui/map/location-shape';

/** A track's fixes in time order (the messages come oldest first); messages without a position are left out. */
export function trackPoints(messages: readonly TrackerMessageRow[]): GeoPoint[] {
  return messages.flatMap((m) => (m.latitude === null || m.longitude === null ? [] : [{ latitude: m.latitude, longitude: m.longitude }]));
}

/**
 * What a device's map draws with its fixes: the POIs the track visited (a fix placed in them), each in its
 * location type's colour, then the track itself as one line through the fixes in time order, on top, and last a
 * pin at each visited POI's centre. The outline shows a POI's true extent, but a 200 m circle is under a pixel at
 * the zoom that frames a track across the country; the pin keeps its size at any zoom, in the same colour, and
 * carries the POI's name (`pinLabel`) for screen readers.
 */
export function trackShapes(
  messages: readonly TrackerMessageRow[],
  locations: readonly Location[],
  colours: Readonly<Record<LocationType, string>>,
  lineColour: string,
  pinLabel: (location: Location) => string,
): MapShape[] {
  const visited = new Set(messages.flatMap((m) => (m.location_id === null ? [] : [m.location_id])));
  const pois = locations.filter((l) => visited.has(l.LocationID));
  const outlines = pois.map((l) => poiShape(l, colours[l.LocationType]));
  const pins = pois.map((l): MapShape => ({
    kind: 'pin',
    centre: { latitude: l.Latitude, longitude: l.Longitude },
    colour: colours[l.LocationType],
    label: pinLabel(l),
  }));
  const points = trackPoints(messages);
  return [...outlines, ...(points.length >= 2 ? [{ kind: 'line', points, colour: lineColour } as const] : []), ...pins];
}
