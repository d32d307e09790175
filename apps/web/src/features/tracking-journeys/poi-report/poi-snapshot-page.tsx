import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDay } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import { useLocationArrivals, usePoiReport } from '@/lib/api/tracking-journeys';
import { DataTable } from '@/lib/ui/data-table';
import { FactList } from '@/lib/ui/fact-list';

const HIDE_IN_PRINT = { '@media print': { display: 'none' } } as const;

/** /poi_snapshot/:locationId: one POI's report without the shell, for printing: its assets now, arrivals and dwell times. */
export function PoiSnapshotPage() {
  const { t, i18n } = useTranslation();
  const { locationId = '' } = useParams();
  const report = usePoiReport(null, locationId);
  // This week of the tenant's calendar, as the server counts it: the report's last week.
  const arrivals = useLocationArrivals(locationId, report.data?.weeks.at(-1) ?? null);
  const timeZone = browserTimeZone();
  const number = (v: number | null, decimals = 2) => (v === null ? '–' : formatNumber(v, i18n.language, decimals));
  const location = report.data?.locations[0];

  return (
    <Box component="main" data-testid="poi-snapshot" sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }} data-testid="poi-snapshot-title">
          {location ? t('trackingJourneys.poiReport.snapshotTitle', { name: location.name }) : t('pages.poiSnapshot')}
        </Typography>
        <Button startIcon={<PrintIcon />} variant="outlined" onClick={() => window.print()} sx={HIDE_IN_PRINT}>
          {t('powerReadings.powerReport.print')}
        </Button>
      </Box>
      {report.isPending ? (
        <Typography>{t('assetDetail.loadingTab')}</Typography>
      ) : !location ? (
        <Typography role="alert">{t('messages.noData')}</Typography>
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2, breakInside: 'avoid' }}>
            <FactList
              testId="poi-snapshot-facts"
              facts={[
                [t('trackingJourneys.poiReport.locationType'), t(`trackingJourneys.poiReport.types.${location.location_type}`)],
                [t('trackingJourneys.poiReport.assets'), number(location.devices, 0)],
                [t('trackingJourneys.poiReport.static'), number(location.static, 0)],
                [t('trackingJourneys.poiReport.fluid'), number(location.fluid, 0)],
                [t('trackingJourneys.poiReport.arrivals'), number(location.arrivals, 0)],
                [t('trackingJourneys.poiReport.medianDwell'), number(location.median_dwell_hours)],
                [t('trackingJourneys.poiReport.meanDwell'), number(location.mean_dwell_hours)],
              ]}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, breakInside: 'avoid' }} component="section" aria-labelledby="poi-snapshot-weeks">
            <Typography id="poi-snapshot-weeks" component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('trackingJourneys.poiReport.arrivalsPerWeek')}
            </Typography>
            {arrivals.data && arrivals.data.history.every((w) => w.arrivals === 0) ? (
              <Typography data-testid="poi-snapshot-empty">{t('trackingJourneys.poiReport.noReport')}</Typography>
            ) : (
              <DataTable
                label={t('trackingJourneys.poiReport.arrivalsPerWeek')}
                columns={[
                  { id: 'week', title: t('trackingJourneys.poiReport.week'), cell: (w) => formatDay(w.week, timeZone) },
                  { id: 'arrivals', title: t('trackingJourneys.poiReport.arrivals'), numeric: true, cell: (w) => number(w.arrivals, 0) },
                  {
                    id: 'dwell',
                    title: t('trackingJourneys.poiReport.medianDwell'),
                    numeric: true,
                    cell: (w) => number(w.median_dwell_hours),
                  },
                ]}
                rows={arrivals.data?.history ?? []}
                rowKey={(w) => w.week}
                testId="poi-snapshot-weeks"
              />
            )}
          </Paper>
        </>
      )}
    </Box>
  );
}
