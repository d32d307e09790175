import { lazy, Suspense, useCallback, useContext, useDeferredValue, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import SignalIcon from '@mui/icons-material/SignalCellularAlt';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { temperatureUnit } from '@gridlens/domain/temperature';
import type { AssetListItem } from '@gridlens/contract/assets';
import { columnRowAt } from '@gridlens/contract/columnar';
import { useAppStore } from '@/lib/app-store';
import { useHeaderSearch } from '@/lib/use-header-search';
import { loadChunk } from '@/lib/chunk-load';
import { ClientConfigContext } from '@/lib/client-config-context';
import { useNearViewport } from '@/lib/use-near-viewport';
import { AfterFirstPaint } from '@/lib/ui/after-first-paint';
import { ColumnChooser } from '@/lib/ui/column-chooser';
import { WindowNote } from '@/lib/ui/window-note';
import { useAssetList, useWatchDevice } from '@/lib/api/assets';
import { formatNumber } from '@gridlens/domain/number-format';
import { utcDay } from '@gridlens/domain/time-range';
import { ASSET_COLUMNS } from './asset-columns';
import {
  countByValue,
  segmentFilter,
  segmentId,
  SUMMARY_CHARTS,
  toneOf,
  warningFilter,
  type AssetColumns,
  type AssetField,
  type AssetFilter,
  type WarningId,
} from './asset-filters';
import { narrowRows, pickRows, type SortOrder } from './asset-rows';
import { AssetWarnings } from './asset-warnings';
import { csvBlob, downloadBlob } from '@/lib/csv';
import { assetsCsv } from './assets-csv';
import { assetsSheet, assetsXlsx } from './assets-xlsx';
import { AssetsTable, TABLE_BOX } from './assets-table';
import { SummaryDonut } from '@/lib/ui/summary-donut';
import { useAssetDisplay, valueKey } from './use-asset-display';
import { useVisibleColumns } from './use-visible-columns';

const COLUMNS_BY_FIELD = new Map(ASSET_COLUMNS.map((col) => [col.field, col]));
/** Every column but the device id, which names the row. */
const CHOOSABLE_COLUMNS = ASSET_COLUMNS.filter((col) => col.field !== 'device_id').map((col) => col.field);
// Leaflet is loaded with the map, after the table is on screen; the edit dialog (and its schema) when opened.
const AssetsMap = lazy(() => loadChunk(() => import('./assets-map')));
const EditDeviceDialog = lazy(() => loadChunk(() => import('./edit/edit-device-dialog')));

/** The filter in force, with what the chip says about it. */
interface ActiveFilter {
  filter: AssetFilter;
  label: string;
}

/** Assets overview (/assets): summary charts, the spec's warnings and the devices table of the whole fleet. */
export function AssetsPage() {
  const { t } = useTranslation();
  const list = useAssetList();
  const { mutate: watchDevice } = useWatchDevice();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const search = useHeaderSearch();
  const display = useAssetDisplay();
  const { visible, toggle } = useVisibleColumns();
  const mapTiles = useContext(ClientConfigContext)?.mapTiles ?? null;
  const { ref: mapSection, near: showMap } = useNearViewport();
  const [active, setActive] = useState<ActiveFilter | null>(null);
  const [sort, setSort] = useState<SortOrder | null>(null);
  const [columnFilters, setColumnFilters] = useState<Partial<Record<AssetField, string>>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const deferredColumnFilters = useDeferredValue(columnFilters);

  const columns = list.data?.columns;
  const count = list.data?.count ?? 0;
  const shown = useMemo(() => ASSET_COLUMNS.filter((col) => visible.has(col.field)), [visible]);
  const titles = useMemo(() => {
    const unit = temperatureUnit(display.temperatureMetric);
    return new Map(
      ASSET_COLUMNS.map((col) => [col.field, `${t(`assets.columns.${col.field}`)}${col.kind === 'temperature' ? ` (${unit})` : ''}`]),
    );
  }, [t, display.temperatureMetric]);
  const formatCount = useCallback((value: number) => formatNumber(value, display.languageTag, 0), [display.languageTag]);
  // The search and the column filters narrow the fleet: the table, the charts and the warnings all follow them.
  const narrowed = useMemo(
    () =>
      columns
        ? narrowRows(columns, count, { search, searched: shown, columnFilters: deferredColumnFilters }, COLUMNS_BY_FIELD, display)
        : [],
    [columns, count, search, shown, deferredColumnFilters, display],
  );
  // Counted once per narrowing, not on every sort, segment choice or snackbar.
  const chartCounts = useMemo(
    () => (columns ? SUMMARY_CHARTS.map((chart) => countByValue(columns, narrowed, chart)) : []),
    [columns, narrowed],
  );
  const rows = useMemo(
    () => (columns ? pickRows(columns, narrowed, { filter: active?.filter ?? null, sort }, COLUMNS_BY_FIELD) : []),
    [columns, narrowed, active, sort],
  );

  const applyFilter = useCallback(
    (next: ActiveFilter) => {
      if (active?.filter.id === next.filter.id) {
        setActive(null);
        showSnackbar(t('messages.filterRemoved'));
      } else {
        setActive(next);
        showSnackbar(t('messages.filterApplied'));
      }
    },
    [active, showSnackbar, t],
  );
  // The donuts' segments, made anew only when their counts, the filter or the language change: with the memoised donut
  // a re-render of the page for anything else (a column filter typed, an edit opened) leaves the five charts alone.
  const donuts = useMemo(
    () =>
      SUMMARY_CHARTS.map((chart, c) => {
        const counts = chartCounts[c] ?? [];
        return {
          chartId: chart.id,
          title: t(`assets.charts.${chart.id}`),
          segments: chart.values.map((value, k) => ({
            key: value ?? 'none',
            label: t(valueKey(chart.field, value)),
            count: counts[k] ?? 0,
            tone: toneOf(value),
            selected: active?.filter.id === segmentId(chart.field, value),
          })),
        };
      }),
    [chartCounts, active, t],
  );
  const selectSegment = useCallback(
    (chartId: string, key: string) => {
      const chart = SUMMARY_CHARTS.find((c) => c.id === chartId);
      if (!chart) return;
      const value = key === 'none' ? null : key;
      applyFilter({
        filter: segmentFilter(chart.field, value),
        label: t('assets.filterChip', { chart: t(`assets.charts.${chart.id}`), value: t(valueKey(chart.field, value)) }),
      });
    },
    [applyFilter, t],
  );
  const clearFilter = () => {
    setActive(null);
    showSnackbar(t('messages.filterRemoved'));
  };
  const onSort = useCallback(
    (field: AssetField) =>
      setSort((current) =>
        current?.field !== field ? { field, direction: 'asc' } : current.direction === 'asc' ? { field, direction: 'desc' } : null,
      ),
    [],
  );
  const onColumnFilter = useCallback(
    (field: AssetField, text: string) => setColumnFilters((current) => ({ ...current, [field]: text })),
    [],
  );
  const onWatch = useCallback((deviceId: string, watch: boolean) => watchDevice({ deviceId, watch }), [watchDevice]);
  const onEdit = useCallback((deviceId: string) => setEditing(deviceId), []);
  const editedIndex = editing === null || !columns ? -1 : columns.device_id.indexOf(editing);

  const exportAs = async (format: 'csv' | 'xlsx', data: AssetColumns) => {
    const headers = shown.map((col) => titles.get(col.field) ?? col.field);
    const fileName = `assets-${utcDay(Date.now())}.${format}`;
    try {
      const blob =
        format === 'csv'
          ? csvBlob(assetsCsv(data, rows, shown, headers, display))
          : await assetsXlsx(
              assetsSheet(data, rows, shown, headers, display),
              shown.map((col) => col.width),
              t('sections.assets'),
            );
      downloadBlob(blob, fileName);
    } catch (error) {
      console.error(error); // the writer's chunk did not load, most likely
      showSnackbar(t('errors.error'));
    }
  };

  if (list.isPending) return <Typography sx={{ p: 2 }}>{t('assets.loading')}</Typography>;
  if (!columns) return <Typography sx={{ p: 2 }}>{t('assets.loadFailed')}</Typography>;
  if (count === 0) return <Typography sx={{ p: 2 }}>{t('messages.noData')}</Typography>;

  return (
    <Box data-testid="assets-page">
      {list.data?.window && <WindowNote window={list.data.window} timeZone={display.timeZone} testId="assets-window" />}
      <AssetWarnings
        columns={columns}
        rows={narrowed}
        formatCount={formatCount}
        onShow={(id: WarningId) => applyFilter({ filter: warningFilter(id), label: t(`assets.warnings.${id}`) })}
      />
      <Box
        component="section"
        aria-label={t('assets.summaries')}
        sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 360px), 1fr))' }}
      >
        {donuts.map(({ chartId, title, segments }) => (
          <SummaryDonut
            key={chartId}
            chartId={chartId}
            title={title}
            formatCount={formatCount}
            segments={segments}
            onSelect={selectSegment}
          />
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography component="h2" variant="h6" sx={{ mr: 1 }}>
            {t('assets.devicesTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="assets-shown-count" aria-live="polite">
            {t('assets.shownOf', { shown: formatCount(rows.length), total: formatCount(count) })}
          </Typography>
          {active && <Chip label={active.label} onDelete={clearFilter} color="primary" size="small" data-testid="active-filter" />}
          <Box sx={{ flex: 1 }} />
          <ColumnChooser fields={CHOOSABLE_COLUMNS} visible={visible} onToggle={toggle} labelOf={(field) => t(`assets.columns.${field}`)} />
          <Button startIcon={<DownloadIcon />} onClick={() => void exportAs('csv', columns)} data-testid="export-csv">
            {t('assets.exportCsv')}
          </Button>
          <Button startIcon={<DownloadIcon />} onClick={() => void exportAs('xlsx', columns)} data-testid="export-xlsx">
            {t('assets.exportXlsx')}
          </Button>
        </Box>
        {rows.length === 0 ? (
          <Typography sx={{ p: 2 }} data-testid="assets-no-rows">
            {t('messages.noData')}
          </Typography>
        ) : null}
        {/* The rows render in a second pass React slices up, after the warnings and donuts have been painted: the first
            render of the screen is one long task the shorter (the box keeps the table's room meanwhile). */}
        <AfterFirstPaint placeholder={<Box sx={TABLE_BOX} data-testid="assets-table-pending" />}>
          <AssetsTable
            columns={columns}
            rows={rows}
            shown={shown}
            titles={titles}
            display={display}
            sort={sort}
            onSort={onSort}
            columnFilters={columnFilters}
            onColumnFilter={onColumnFilter}
            onWatch={onWatch}
            onEdit={onEdit}
            nowMs={list.dataUpdatedAt}
          />
        </AfterFirstPaint>
      </Paper>
      {editedIndex >= 0 && (
        <Suspense fallback={null}>
          <EditDeviceDialog key={editing} device={columnRowAt<AssetListItem>(columns, editedIndex)} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <Paper ref={mapSection} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="assets-map-title">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id="assets-map-title" component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('assets.mapTitle')}
          </Typography>
          {/* The device-coverage check of spec §2 opens as its own report-style page. */}
          <Button component={RouterLink} to="/coverage_checker" startIcon={<SignalIcon />} data-testid="coverage-link">
            {t('assets.coverageCheck')}
          </Button>
        </Box>
        {showMap ? (
          <Suspense fallback={<Box sx={{ height: 420 }} />}>
            <AssetsMap columns={columns} rows={rows} tiles={mapTiles} />
          </Suspense>
        ) : (
          <Box sx={{ height: 420 }} />
        )}
      </Paper>
    </Box>
  );
}
