import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PoiReport } from '@gridlens/contract/tracking-journeys';
import { formatNumber } from '@gridlens/domain/number-format';
import { usePoiReport } from '@/lib/api/tracking-journeys';
import { useAppStore } from '@/lib/app-store';
import { textsMatch } from '@/lib/text-search';
import { useClientPaging } from '@/lib/ui/use-client-paging';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { LocationTypeMark } from '@/lib/ui/location-type-mark';
import { useHeaderSearch } from '@/lib/use-header-search';
import { CycleFigures } from './cycle-figures';

type LocationRow = PoiReport['locations'][number];
type TypeRow = PoiReport['by_type'][number];
const HIDE_IN_PRINT = { '@media print': { display: 'none' } } as const;

/** /poi, the fleet report tab: assets per POI and location type, Static against Fluid, dwell times and cycle figures. */
export function PoiReportPage() {
  const { t, i18n } = useTranslation();
  const customerId = useAppStore((s) => s.selectedCustomer);
  const report = usePoiReport(customerId);
  const search = useHeaderSearch();
  const number = (v: number | null, decimals = 2) => (v === null ? '–' : formatNumber(v, i18n.language, decimals));
  const locations = useMemo(
    () =>
      (report.data?.locations ?? []).filter((l) =>
        textsMatch([l.name, l.location_id, t(`trackingJourneys.poiReport.types.${l.location_type}`)], search),
      ),
    [report.data, search, t],
  );
  const { pageRows, paging } = useClientPaging(locations);
  const typeColumns: DataColumn<TypeRow>[] = [
    {
      id: 'category',
      title: t('trackingJourneys.poiReport.locationType'),
      cell: (r) => <LocationTypeMark category={r.category}>{t(`trackingJourneys.poiReport.types.${r.category}`)}</LocationTypeMark>,
    },
    { id: 'devices', title: t('trackingJourneys.poiReport.assets'), numeric: true, cell: (r) => number(r.devices, 0) },
    { id: 'static', title: t('trackingJourneys.poiReport.static'), numeric: true, cell: (r) => number(r.static, 0) },
    { id: 'fluid', title: t('trackingJourneys.poiReport.fluid'), numeric: true, cell: (r) => number(r.fluid, 0) },
  ];
  const locationColumns: DataColumn<LocationRow>[] = [
    {
      id: 'name',
      title: t('trackingJourneys.poiReport.location'),
      cell: (l) => (
        <Link component={RouterLink} to={`/location/${encodeURIComponent(l.location_id)}`}>
          {l.name}
        </Link>
      ),
    },
    {
      id: 'type',
      title: t('trackingJourneys.poiReport.locationType'),
      cell: (l) => (
        <LocationTypeMark category={l.location_type}>{t(`trackingJourneys.poiReport.types.${l.location_type}`)}</LocationTypeMark>
      ),
    },
    { id: 'devices', title: t('trackingJourneys.poiReport.assets'), numeric: true, cell: (l) => number(l.devices, 0) },
    { id: 'static', title: t('trackingJourneys.poiReport.static'), numeric: true, cell: (l) => number(l.static, 0) },
    { id: 'fluid', title: t('trackingJourneys.poiReport.fluid'), numeric: true, cell: (l) => number(l.fluid, 0) },
    { id: 'arrivals', title: t('trackingJourneys.poiReport.arrivals'), numeric: true, cell: (l) => number(l.arrivals, 0) },
    { id: 'median', title: t('trackingJourneys.poiReport.medianDwell'), numeric: true, cell: (l) => number(l.median_dwell_hours) },
    { id: 'mean', title: t('trackingJourneys.poiReport.meanDwell'), numeric: true, cell: (l) => number(l.mean_dwell_hours) },
    {
      id: 'snapshot',
      title: t('trackingJourneys.poiReport.snapshot'),
      cell: (l) => (
        <Link
          component={RouterLink}
          to={`/poi_snapshot/${encodeURIComponent(l.location_id)}`}
          aria-label={t('trackingJourneys.poiReport.snapshotOf', { name: l.name })}
        >
          {t('trackingJourneys.poiReport.snapshot')}
        </Link>
      ),
    },
  ];

  return (
    <Box data-testid="poi-report" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 260 }}>
          <Typography component="h2" variant="h5">
            {t('trackingJourneys.poiReport.title')}
          </Typography>
          {report.data && (
            <Typography variant="body2" color="text.secondary" data-testid="poi-period">
              {t('trackingJourneys.poiReport.period', {
                weeks: report.data.weeks.length,
                hours: number(report.data.static_after_hours, 0),
              })}
            </Typography>
          )}
        </Box>
        <Button startIcon={<PrintIcon />} variant="outlined" onClick={() => window.print()} sx={HIDE_IN_PRINT}>
          {t('powerReadings.powerReport.print')}
        </Button>
      </Box>
      {report.isError && <LoadFailed onRetry={() => void report.refetch()} />}
      {report.isPending ? (
        <Typography>{t('assetDetail.loadingTab')}</Typography>
      ) : report.data ? (
        <>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="poi-types-title">
            <Typography id="poi-types-title" component="h3" variant="h6" sx={{ mb: 1 }}>
              {t('trackingJourneys.poiReport.byTypeTitle')}
            </Typography>
            <DataTable
              label={t('trackingJourneys.poiReport.byTypeTitle')}
              columns={typeColumns}
              rows={report.data.by_type}
              rowKey={(r) => r.category}
              testId="poi-types"
            />
          </Paper>
          {!report.data.has_data && (
            <Typography role="status" data-testid="poi-no-report">
              {t('trackingJourneys.poiReport.noReport')}
            </Typography>
          )}
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="poi-locations-title">
            <Typography id="poi-locations-title" component="h3" variant="h6" sx={{ mb: 1 }}>
              {t('trackingJourneys.poiReport.locationsTitle')}
            </Typography>
            {locations.length === 0 ? (
              <Typography data-testid="poi-locations-empty">{t('messages.noData')}</Typography>
            ) : (
              <DataTable
                label={t('trackingJourneys.poiReport.locationsTitle')}
                columns={locationColumns}
                rows={pageRows}
                paging={paging}
                rowKey={(l) => l.location_id}
                testId="poi-locations"
              />
            )}
          </Paper>
          <CycleFigures customerId={customerId} />
        </>
      ) : null}
    </Box>
  );
}
