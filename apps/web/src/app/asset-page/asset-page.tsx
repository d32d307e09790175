import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { ApiRequestError } from '@/lib/api/api-client';
import { useAssetItem, useWatchDevice } from '@/lib/api/assets';
import { browserTimeZone, useUserSettings } from '@/lib/api/config';
import { useAppStore } from '@/lib/app-store';
import { loadChunk } from '@/lib/chunk-load';
import { useSetSearchParams } from '@/lib/use-set-search-params';
import { rangeOf, TimeRangeSelect } from '@/lib/ui/time-range-select';
import { AssetHeader } from '@/features/assets/detail/asset-header';
import { RefusedMessages } from '@/features/ingest/refused-messages';
import { ThermalHealth } from '@/features/load-analysis/thermal-health';
import { LoadPlanningTab } from '@/features/load-planning/load-planning-tab';
import { EventsTab } from '@/features/power-quality/events-tab';
import { FaultsTab } from '@/features/power-quality/faults-tab';
import { HealthTab } from '@/features/power-quality/health-tab';
import { ImagesTab } from '@/features/power-quality/images-tab';
import { MeteringTab } from '@/features/power-quality/metering-tab';
import { TrendsTab } from '@/features/power-quality/trends-tab';
import { AssetCharts } from '@/features/power-readings/charts/asset-charts';
import { AssetMessages } from '@/features/power-readings/messages/asset-messages';
import { tabHasRange, tabOf, tabsOf, type AssetTab } from './asset-tabs';

const EditDeviceDialog = lazy(() => loadChunk(() => import('@/features/assets/edit/edit-device-dialog')));

interface AssetDetailProps {
  /** The snapshot route (/asset_snapshot/:deviceId): no shell, no tab bar, no editing; for printing and PDF reports. */
  snapshot: boolean;
}

/**
 * Asset detail (/asset/:deviceId): the transformer's header (assets) and its tabs, each from the capability it shows:
 * charts and messages (power readings, with ingest's refused messages), the power-quality tabs (with load analysis's
 * thermal health on the health tab) and EV/HP Analysis (load planning). Tab and range live in the URL (?tab=, ?range=).
 */
function AssetDetail({ snapshot }: AssetDetailProps) {
  const { t, i18n } = useTranslation();
  const deviceId = useParams().deviceId ?? '';
  const [params] = useSearchParams();
  const setSearchParams = useSetSearchParams();
  const item = useAssetItem(deviceId);
  const { mutate: watchDevice } = useWatchDevice();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const temperatureMetric = useUserSettings().data?.temperature_metric ?? 'celsius';
  const [editing, setEditing] = useState(false);
  const timeZone = browserTimeZone();
  const range = rangeOf(params.get('range'));

  const setParam = (name: 'tab' | 'range', value: string) => setSearchParams({ [name]: value }, { replace: name === 'range' });

  if (item.isPending) return <Typography sx={{ p: 2 }}>{t('assetDetail.loading')}</Typography>;
  if (!item.data) {
    const missing = item.error instanceof ApiRequestError && item.error.status === 404;
    return (
      <Box sx={{ p: 2 }} data-testid="asset-missing">
        <Typography sx={{ mb: 1 }}>{missing ? t('assetDetail.notFound', { device: deviceId }) : t('assetDetail.loadFailed')}</Typography>
        <Link component={RouterLink} to="/assets">
          {t('assetDetail.backToAssets')}
        </Link>
      </Box>
    );
  }
  const device = item.data;
  const tabs = tabsOf(device);
  const tab = snapshot ? 'charts' : tabOf(params.get('tab'), tabs);
  const display = { languageTag: i18n.language, timeZone, temperatureMetric };

  const tabProps = { deviceId, range, ...display };
  const panel = (which: AssetTab) => {
    switch (which) {
      case 'trends':
        return <TrendsTab {...tabProps} />;
      case 'events':
        return <EventsTab {...tabProps} />;
      case 'faults':
        return <FaultsTab {...tabProps} />;
      case 'health':
        return <HealthTab {...tabProps} thermal={<ThermalHealth {...tabProps} />} />;
      case 'metering':
        return <MeteringTab {...tabProps} />;
      case 'images':
        return <ImagesTab {...tabProps} />;
      case 'charts':
        return <AssetCharts deviceId={deviceId} range={range} {...display} />;
      case 'messages':
        return (
          <AssetMessages
            deviceId={deviceId}
            range={range}
            display={display}
            refused={<RefusedMessages deviceId={deviceId} timeZone={display.timeZone} languageTag={display.languageTag} />}
          />
        );
      case 'ev':
      case 'hp':
        return <LoadPlanningTab deviceId={deviceId} kind={which} languageTag={display.languageTag} temperatureMetric={temperatureMetric} />;
    }
  };

  return (
    <Box data-testid="asset-detail" sx={snapshot ? { p: 2 } : undefined}>
      {!snapshot && (
        <Link component={RouterLink} to="/assets" variant="body2" sx={{ display: 'inline-block', mb: 1 }}>
          {t('assetDetail.backToAssets')}
        </Link>
      )}
      <AssetHeader
        item={device}
        nowMs={item.dataUpdatedAt}
        {...display}
        onWatch={snapshot ? undefined : (watch) => watchDevice({ deviceId, watch }, { onError: () => showSnackbar(t('errors.error')) })}
        onEdit={snapshot ? undefined : () => setEditing(true)}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        {!snapshot && (
          <Tabs
            value={tab}
            onChange={(_event, next: AssetTab) => setParam('tab', next)}
            aria-label={t('assetDetail.tabsLabel')}
            variant="scrollable"
            sx={{ flex: 1 }}
          >
            {tabs.map((which) => (
              <Tab
                key={which}
                value={which}
                label={t(`assetDetail.tabs.${which}`)}
                id={`asset-tab-${which}`}
                aria-controls="asset-tab-panel"
                data-testid={`tab-${which}`}
              />
            ))}
          </Tabs>
        )}
        {tabHasRange(tab) && <TimeRangeSelect value={range} onChange={(next: TimeRange) => setParam('range', next)} />}
      </Box>
      <Box id="asset-tab-panel" role={snapshot ? undefined : 'tabpanel'} aria-labelledby={snapshot ? undefined : `asset-tab-${tab}`}>
        {panel(tab)}
      </Box>
      {editing && (
        <Suspense fallback={null}>
          <EditDeviceDialog device={device} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Box>
  );
}

// Keyed by device: opening another device starts afresh (zoom, pages, filters, dialog), as a new page would.
export function AssetDetailPage() {
  return <AssetDetail key={useParams().deviceId} snapshot={false} />;
}

export function AssetSnapshotPage() {
  return <AssetDetail key={useParams().deviceId} snapshot />;
}
