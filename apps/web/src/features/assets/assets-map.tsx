import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ClientConfig } from '@gridlens/contract/client-config';
import { DEVICE_STATUS_CATEGORIES } from '@gridlens/domain/power/device-status';
import { MapView } from '@/lib/ui/map/map-view';
import type { MapMarker, MapTone } from '@/lib/ui/map/map-model';
import { toneOf, type AssetColumns } from './asset-filters';
import { statusTones } from './status-tones';
import { valueKey } from './use-asset-display';

interface AssetsMapProps {
  columns: AssetColumns;
  rows: readonly number[];
  tiles: ClientConfig['mapTiles'];
}

/** The devices on a map, the same rows as the table: clustered, coloured by status, each opening a popup. */
export default function AssetsMap({ columns, rows, tiles }: AssetsMapProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();

  const tones = useMemo((): MapTone[] => {
    // "A, B or C": the statuses that share a colour, as the user's language lists alternatives.
    const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' });
    return statusTones(DEVICE_STATUS_CATEGORIES, toneOf).map(({ tone, values }) => ({
      id: tone,
      colour: tone === 'neutral' ? theme.palette.grey[500] : theme.palette[tone].main,
      label: list.format(values.map((value) => t(valueKey('status_category', value)))),
    }));
  }, [theme, t, i18n.language]);

  const markers = useMemo(() => {
    const placed: MapMarker[] = [];
    for (const i of rows) {
      const latitude = columns.latitude[i];
      const longitude = columns.longitude[i];
      if (latitude === null || latitude === undefined || longitude === null || longitude === undefined) continue;
      placed.push({
        latitude,
        longitude,
        tone: toneOf(columns.status_category[i] ?? null),
        popup: () => popupContent(columns, i, t, navigate),
      });
    }
    return placed;
  }, [columns, rows, t, navigate]);

  return <MapView label={t('assets.mapLabel')} testId="assets-map" tiles={tiles} tones={tones} markers={markers} cluster />;
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
