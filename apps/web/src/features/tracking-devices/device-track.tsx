import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '@gridlens/contract/client-config';
import type { TrackerMessageRow } from '@gridlens/contract/tracking-devices';
import { formatDateTime } from '@gridlens/domain/date-format';
import { POSITION_MESSAGE_TYPES } from '@gridlens/domain/tracking/enumerations';
import { browserTimeZone } from '@/lib/api/config';
import { MapView } from '@/lib/ui/map/map-view';
import type { MapMarker, MapTone } from '@/lib/ui/map/map-model';
import { valueText } from './use-device-text';

/** A device's fixes over the chosen range, coloured by how each was found (GPS, one or two Wi-Fi networks), with a legend. */
export default function DeviceTrack({ messages, tiles }: { messages: readonly TrackerMessageRow[]; tiles: ClientConfig['mapTiles'] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const timeZone = browserTimeZone();
  const tones = useMemo(
    (): MapTone[] =>
      POSITION_MESSAGE_TYPES.map((type) => ({
        id: type,
        colour: { gps: theme.palette.primary.main, OneWifi: theme.palette.warning.main, TwoWifi: theme.palette.secondary.main }[type],
        label: valueText(t, 'last_message_type', type),
      })),
    [theme, t],
  );
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
      markerRadius={5}
    />
  );
}
