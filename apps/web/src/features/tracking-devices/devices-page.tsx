import { lazy, Suspense, useContext, useDeferredValue, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/app-store';
import { csvBlob, downloadBlob } from '@/lib/csv';
import { loadChunk } from '@/lib/chunk-load';
import { ClientConfigContext } from '@/lib/client-config-context';
import { useHeaderSearch } from '@/lib/use-header-search';
import { useNearViewport } from '@/lib/use-near-viewport';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import { LoadFailed } from '@/lib/ui/load-failed';
import { useDeviceList } from '@/lib/api/tracking-devices';
import {
  DEFAULT_HIDDEN,
  DEVICE_FIELDS,
  deviceRows,
  devicesOfFigure,
  NO_FILTERS,
  type DeviceField,
  type DeviceSort,
  type SummaryFigure,
} from './device-rows';
import { devicesCsv, devicesXlsx } from './devices-export';
import { DevicesSummary } from './devices-summary';
import { DevicesTable } from './devices-table';
import { DevicesToolbar } from './devices-toolbar';
import { useDeviceText } from './use-device-text';

/** Where the table with all its columns and the map fit side by side. */
const WIDE_ENOUGH_FOR_BOTH = '@media (min-width: 2400px)';

// Leaflet and the clusters load with the map: at once beside or under the table, and on a phone only once the map
// is near the screen, where the first load then goes without them.
const DevicesMap = lazy(() => loadChunk(() => import('./devices-map')));

/** Devices (/devices): the fleet's trackers in a table beside a clustered map; the header search and customer narrow both. */
export function DevicesPage() {
  const { t } = useTranslation();
  const config = useContext(ClientConfigContext);
  const customer = useAppStore((s) => s.selectedCustomer);
  const list = useDeviceList(customer);
  const search = useHeaderSearch();
  const text = useDeviceText();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [figure, setFigure] = useState<SummaryFigure | null>(null);
  const [sort, setSort] = useState<DeviceSort>({ field: 'last_message_at', direction: 'desc' });
  const [visible, setVisible] = useState<ReadonlySet<DeviceField>>(() => new Set(DEVICE_FIELDS.filter((f) => !DEFAULT_HIDDEN.includes(f))));
  const fields = DEVICE_FIELDS.filter((f) => visible.has(f));

  const devices = list.data;
  const listed = useMemo(
    () => deviceRows(devices ?? [], search, filters, sort, (d) => [d.device_id, d.name, d.location_name, ...d.tags, text(d, 'movement')]),
    [devices, search, filters, sort, text],
  );
  // A summary figure chosen narrows the table and the map; the summary keeps counting what the filters list, so
  // that every figure stays there to choose instead, as the Assets donuts do.
  const rows = useMemo(() => devicesOfFigure(listed, figure, list.dataUpdatedAt), [listed, figure, list.dataUpdatedAt]);
  const chooseFigure = (next: SummaryFigure) => {
    setFigure(figure === next ? null : next);
    showSnackbar(t(figure === next ? 'messages.filterRemoved' : 'messages.filterApplied'));
  };

  // The table renders after the map has its markers: the first clusters do not wait for 100 rows of cells.
  const tableRows = useDeferredValue(rows);
  const summaryRows = useDeferredValue(listed);
  // The first list waits for the deferred rows too: an empty table and zero counts drawn first would be moved by the
  // real ones. Once the rows have caught up, later changes (a filter) keep showing the table meanwhile.
  const [caughtUp, setCaughtUp] = useState(false);
  if (!caughtUp && devices && tableRows === rows) setCaughtUp(true);
  const shown = devices && (caughtUp || tableRows === rows) ? tableRows : null;
  const phone = usePhoneLayout();
  const { ref: mapBox, near } = useNearViewport();
  const mapNear = near || !phone;

  const toggle = (field: DeviceField) =>
    setVisible((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });
  const exportRows = async (format: 'csv' | 'xlsx') => {
    const headers = fields.map((f) => t(`trackingDevices.columns.${f}`));
    const idHeader = t('trackingDevices.columns.device_id');
    if (format === 'csv') downloadBlob(csvBlob(devicesCsv(rows, fields, headers, idHeader, text)), 'fleet-devices.csv');
    else downloadBlob(await devicesXlsx(rows, fields, headers, idHeader, text, t('trackingDevices.title')), 'fleet-devices.xlsx');
  };

  if (!devices && list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  return (
    <Box>
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }} data-testid="devices-count">
        {devices ? t('trackingDevices.shownOf', { shown: rows.length, total: devices.length }) : t('trackingDevices.loading')}
      </Typography>
      {/* Drawn from the start, with dashes while the list loads: the filter bar below it keeps its place. */}
      {devices?.length !== 0 && (
        <DevicesSummary rows={shown && summaryRows} nowMs={list.dataUpdatedAt} selected={figure} onSelect={chooseFigure} />
      )}
      {/* The table above the map, so that it has the width for all its columns (issue 27: at 1,680 px beside the
          map it showed 4 of 8); side by side only where both have room. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'minmax(0, 1fr)',
          [WIDE_ENOUGH_FOR_BOTH]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Paper sx={{ p: 1, minWidth: 0 }}>
          <DevicesToolbar
            filters={filters}
            onFilters={setFilters}
            visible={visible}
            onToggle={toggle}
            onExport={(f) => void exportRows(f)}
          />
          {devices?.length === 0 ? (
            <Typography>{t('messages.noData')}</Typography>
          ) : (
            shown && <DevicesTable rows={shown} fields={fields} sort={sort} onSort={setSort} text={text} />
          )}
        </Paper>
        {/* Beside the table on a very wide screen, where its code, its basemap and the list arrive side by side. Under
            the table on narrower ones, it waits for the list, so the table's rows arriving do not push it down. */}
        <Paper
          ref={mapBox}
          sx={{ p: 1, minHeight: 480, display: shown ? 'block' : 'none', [WIDE_ENOUGH_FOR_BOTH]: { display: 'block' } }}
          data-testid="devices-map-panel"
        >
          {mapNear && (
            <Suspense fallback={null}>
              <DevicesMap rows={rows} tiles={config?.mapTiles ?? null} />
            </Suspense>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
