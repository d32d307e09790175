import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '@gridlens/contract/client-config';
import type { TrackerMessageRow } from '@gridlens/contract/tracking-devices';
import { formatDateTime } from '@gridlens/domain/date-format';
import { LOCATION_TYPES, POSITION_MESSAGE_TYPES } from '@gridlens/domain/tracking/enumerations';
import { browserTimeZone } from '@/lib/api/config';
import { useLocations } from '@/lib/api/tracking';
import { usePositionColours } from '@/lib/ui/location-colours';
import { MapView } from '@/lib/ui/map/map-view';
import type { MapMarker, MapTone } from '@/lib/ui/map/map-model';
import { trackFixColours } from './track-colours';
import { trackShapes } from './track-shapes';
import { valueText } from './use-device-text';

/**
 * A device's track over the chosen range: a line through its fixes in time order, the POIs it visited in their
 * location type's colours (outlined, and marked by a named pin seen at any zoom), and the fixes on the line
 * coloured by how each was found (GPS, one or two Wi-Fi networks), with a legend.
 */
export default function DeviceTrack({ messages, tiles }: { messages: readonly TrackerMessageRow[]; tiles: ClientConfig['mapTiles'] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const timeZone = browserTimeZone();
  const locations = useLocations();
  const colours = usePositionColours();
  const shapes = useMemo(
    () =>
      trackShapes(messages, locations.data ?? [], colours, theme.palette.text.secondary, (location) =>
        t('trackingDevices.detail.visitedPoi', { type: valueText(t, 'position_category', location.LocationType), name: location.FullName }),
      ),
    [messages, locations.data, colours, theme, t],
  );
  // The legend: how each fix was found, then the types of the POIs drawn, in their one colour. The fixes' colours
  // stay apart from the POI types' (track-colours.ts).
  const tones = useMemo((): MapTone[] => {
    const fixColours = trackFixColours(theme);
    const drawn = new Set(
      (locations.data ?? []).filter((l) => messages.some((m) => m.location_id === l.LocationID)).map((l) => l.LocationType),
    );
    return [
      ...POSITION_MESSAGE_TYPES.map((type) => ({
        id: type,
        colour: fixColours[type],
        label: valueText(t, 'last_message_type', type),
      })),
      ...LOCATION_TYPES.filter((type) => drawn.has(type)).map((type) => ({
        id: `poi-${type}`,
        colour: colours[type],
        label: valueText(t, 'position_category', type),
      })),
    ];
  }, [theme, t, colours, locations.data, messages]);
  const markers = useMemo(
    (): MapMarker[] =>
      messages.flatMap((m) =>
        m.latitude === null || m.longitude === null
          ? []
          : [{ latitude: m.latitude, longitude: m.longitude, tone: m.message_type, tooltip: formatDateTime(Date.parse(m.time), timeZone) }],
      ),
    [messages, timeZone],
  );
  return (
    <MapView
      label={t('trackingDevices.detail.trackLabel')}
      testId="device-track"
      tiles={tiles}
      tones={tones}
      markers={markers}
      markerRadius={4}
      shapes={shapes}
    />
  );
}
