import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ClientConfig } from '@gridlens/contract/client-config';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { usePositionColours } from '@/lib/ui/location-colours';
import { MapView } from '@/lib/ui/map/map-view';
import type { MapMarker, MapTone } from '@/lib/ui/map/map-model';
import { valueText } from './use-device-text';

interface DevicesMapProps {
  rows: readonly TrackedDevice[];
  tiles: ClientConfig['mapTiles'];
}

/**
 * The table's devices on a map, clustered (MapView draws only the clusters in view, markers on one canvas,
 * so 10,000 stay smooth), coloured by where they are: at a customer's site first, since a cluster shows its worst.
 */
export default function DevicesMap({ rows, tiles }: DevicesMapProps) {
  const { t } = useTranslation();
  const colours = usePositionColours();
  const navigate = useNavigate();

  // Worst first (a cluster takes the colour of its worst), each in its type's one colour.
  const tones = useMemo(
    (): MapTone[] =>
      (['Non-Friendly', 'Outside POIs', 'Friendly'] as const).map((category) => ({
        id: category,
        colour: colours[category],
        label: valueText(t, 'position_category', category),
      })),
    [colours, t],
  );

  const markers = useMemo(() => {
    const placed: MapMarker[] = [];
    for (const device of rows) {
      if (device.latitude === null || device.longitude === null) continue;
      placed.push({
        latitude: device.latitude,
        longitude: device.longitude,
        tone: device.position_category,
        tooltip: device.name,
        popup: () => popupOf(device, navigate),
      });
    }
    return placed;
  }, [rows, navigate]);

  return <MapView label={t('trackingDevices.mapLabel')} testId="devices-map" tiles={tiles} tones={tones} markers={markers} cluster />;
}

/** A marker's popup, built as elements (names are data, never HTML): the device's name linking to its page, and its place. */
function popupOf(device: TrackedDevice, navigate: (to: string) => void | Promise<void>): HTMLElement {
  const box = document.createElement('div');
  const link = document.createElement('a');
  link.href = `/device/${encodeURIComponent(device.device_id)}`;
  link.textContent = device.name;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? '/');
  });
  const id = document.createElement('div');
  id.textContent = device.device_id;
  const place = document.createElement('div');
  place.textContent = device.location_name ?? '';
  box.append(link, id, place);
  return box;
}
