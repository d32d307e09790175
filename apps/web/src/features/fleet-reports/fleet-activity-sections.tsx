import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FleetReport } from '@gridlens/contract/fleet-reports';
import { DataTable } from '@/lib/ui/data-table';
import { ReportSection } from './report-frame';
import { useReportFormat } from './report-format';

const CHANGE_FIGURES = ['journeys', 'median_cycle_hours', 'arrivals', 'median_dwell_hours'] as const;
/** Counts are whole; durations in hours keep two decimals, as the POI report shows them. */
const DECIMALS = { journeys: 0, median_cycle_hours: 2, arrivals: 0, median_dwell_hours: 2 } as const;

/** The week's own figures: journeys between POIs, cycle and dwell times by device type, and the change on the week before. */
export function FleetActivitySections({ report }: { report: FleetReport }) {
  const { t } = useTranslation();
  const format = useReportFormat(report.time_zone);
  const signed = (value: number | null, decimals: number) =>
    value === null ? '–' : `${value > 0 ? '+' : ''}${format.number(value, decimals)}`;
  return (
    <>
      <ReportSection id="fleet-report-journeys" title={t('trackingJourneys.title')}>
        {report.journeys.pairs.length === 0 ? (
          <Typography data-testid="fleet-report-journeys-none">{t('fleetReports.fleet.journeysNone')}</Typography>
        ) : (
          <DataTable
            label={t('trackingJourneys.title')}
            testId="fleet-report-journeys-table"
            rows={report.journeys.pairs}
            rowKey={(p) => `${p.origin.location_id}>${p.destination.location_id}`}
            columns={[
              { id: 'origin', title: t('trackingJourneys.origin'), cell: (p) => p.origin.name },
              { id: 'destination', title: t('trackingJourneys.destination'), cell: (p) => p.destination.name },
              { id: 'count', title: t('trackingJourneys.total'), numeric: true, cell: (p) => format.number(p.count, 0) },
              { id: 'previous', title: t('fleetReports.fleet.weekBefore'), numeric: true, cell: (p) => format.number(p.previous_count, 0) },
              {
                id: 'median',
                title: t('fleetReports.fleet.medianMinutes'),
                numeric: true,
                cell: (p) => format.number(p.median_minutes, 0),
              },
            ]}
          />
        )}
      </ReportSection>
      <ReportSection id="fleet-report-types" title={t('fleetReports.fleet.byDeviceTypeTitle')}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('trackingJourneys.poiReport.cyclesExplain')}
        </Typography>
        <DataTable
          label={t('fleetReports.fleet.byDeviceTypeTitle')}
          testId="fleet-report-types-table"
          rowTestId={(row) => `fleet-report-device-type-${row.device_type}`}
          rows={report.by_tracker_type}
          rowKey={(row) => row.device_type}
          columns={[
            { id: 'type', title: t('trackingDevices.columns.device_type'), cell: (r) => t(`alerts.tracking.deviceTypes.${r.device_type}`) },
            { id: 'devices', title: t('trackingJourneys.poiReport.assets'), numeric: true, cell: (r) => format.number(r.devices, 0) },
            { id: 'cycles', title: t('trackingJourneys.poiReport.cycles'), numeric: true, cell: (r) => format.number(r.cycles, 0) },
            {
              id: 'cycle',
              title: t('trackingJourneys.poiReport.medianCycle'),
              numeric: true,
              cell: (r) => format.number(r.median_cycle_hours),
            },
            {
              id: 'cycleBefore',
              title: t('fleetReports.fleet.weekBefore'),
              numeric: true,
              cell: (r) => format.number(r.previous_median_cycle_hours),
            },
            { id: 'visits', title: t('trackingJourneys.poiReport.arrivals'), numeric: true, cell: (r) => format.number(r.visits, 0) },
            {
              id: 'dwell',
              title: t('trackingJourneys.poiReport.medianDwell'),
              numeric: true,
              cell: (r) => format.number(r.median_dwell_hours),
            },
            {
              id: 'dwellBefore',
              title: t('fleetReports.fleet.weekBefore'),
              numeric: true,
              cell: (r) => format.number(r.previous_median_dwell_hours),
            },
          ]}
        />
      </ReportSection>
      <ReportSection id="fleet-report-changes" title={t('fleetReports.fleet.changesTitle', { week: report.previous_week.week })}>
        <DataTable
          label={t('fleetReports.fleet.changesTitle', { week: report.previous_week.week })}
          testId="fleet-report-changes-table"
          rowTestId={(row) => `fleet-report-change-${row}`}
          rows={CHANGE_FIGURES}
          rowKey={(row) => row}
          columns={[
            { id: 'figure', title: t('fleetReports.fleet.figure'), cell: (f) => t(`fleetReports.fleet.figures.${f}`) },
            { id: 'current', title: report.week.week, numeric: true, cell: (f) => format.number(report.changes[f].current, DECIMALS[f]) },
            {
              id: 'previous',
              title: report.previous_week.week,
              numeric: true,
              cell: (f) => format.number(report.changes[f].previous, DECIMALS[f]),
            },
            {
              id: 'delta',
              title: t('fleetReports.fleet.change'),
              numeric: true,
              cell: (f) => signed(report.changes[f].delta, DECIMALS[f]),
            },
            { id: 'pct', title: t('fleetReports.fleet.changePct'), numeric: true, cell: (f) => signed(report.changes[f].pct, 1) },
          ]}
        />
      </ReportSection>
    </>
  );
}
