import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { KPI_WEEKS_DEFAULT, type KpiReport, type KpiWeek } from '@gridlens/contract/fleet-reports';
import { useKpiReport } from '@/lib/api/fleet-reports';
import { DataTable } from '@/lib/ui/data-table';
import { ReportBody, ReportFrame, ReportSection } from './report-frame';
import { useReportFormat } from './report-format';
import { TrendLine } from './trend-line';

const KPIS = ['utilisation_pct', 'median_cycle_hours', 'held_beyond_static', 'silent_over_7_days', 'journeys'] as const;
type Kpi = (typeof KPIS)[number];
const DECIMALS: Record<Kpi, number> = {
  utilisation_pct: 1,
  median_cycle_hours: 1,
  held_beyond_static: 0,
  silent_over_7_days: 0,
  journeys: 0,
};

/** /report_kpi: the tenant's key figures over the last 24 complete weeks, each a trend with its definition. */
export function KpiReportPage() {
  const { t } = useTranslation();
  const report = useKpiReport(KPI_WEEKS_DEFAULT);
  const data = report.data;
  const format = useReportFormat(data?.time_zone);
  const running =
    data === undefined
      ? null
      : t('fleetReports.running', {
          tenant: data.tenant_name,
          period: t('fleetReports.kpi.period', {
            from: `${data.first_week.week} (${format.day(data.first_week.monday)})`,
            to: `${data.last_week.week} (${format.day(data.last_week.sunday)})`,
          }),
          zone: data.time_zone,
        });
  return (
    <ReportFrame testId="kpi-report" title={t('fleetReports.kpi.title')} running={running}>
      <ReportBody report={report}>{(loaded) => <KpiSections report={loaded} />}</ReportBody>
    </ReportFrame>
  );
}

function KpiSections({ report }: { report: KpiReport }) {
  const { t } = useTranslation();
  const format = useReportFormat(report.time_zone);
  const value = (week: KpiWeek | undefined, kpi: Kpi) => (week === undefined ? '–' : format.number(week[kpi], DECIMALS[kpi]));
  const name = (kpi: Kpi) => t(`fleetReports.kpi.names.${kpi}`);
  return (
    <>
      {KPIS.map((kpi, i) => (
        // The key figures follow on from each other on paper: a page each left most of five pages empty.
        <ReportSection key={kpi} id={`kpi-${kpi}`} title={name(kpi)} first={i === 0} newPage={false}>
          <Typography variant="body2" color="text.secondary" data-testid={`kpi-${kpi}-definition`}>
            {t(`fleetReports.kpi.definitions.${kpi}`, { hours: format.number(report.static_after_hours, 0) })}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="p" data-testid={`kpi-${kpi}-latest`}>
              {value(report.weeks.at(-1), kpi)}
            </Typography>
            <Typography variant="body2">{t('fleetReports.kpi.latest', { week: report.last_week.week })}</Typography>
            <TrendLine
              label={t('fleetReports.kpi.trendLabel', { name: name(kpi) })}
              values={report.weeks.map((w) => w[kpi])}
              testId={`kpi-${kpi}-trend`}
            />
          </Box>
        </ReportSection>
      ))}
      <ReportSection id="kpi-weeks" title={t('fleetReports.kpi.tableTitle')}>
        <DataTable
          label={t('fleetReports.kpi.tableTitle')}
          testId="kpi-weeks-table"
          rowTestId={(w) => `kpi-week-${w.week}`}
          rows={[...report.weeks].reverse()}
          rowKey={(w) => w.week}
          columns={[
            { id: 'week', title: t('trackingJourneys.poiReport.week'), cell: (w) => `${w.week} (${format.day(w.monday)})` },
            ...KPIS.map((kpi) => ({ id: kpi, title: name(kpi), numeric: true, cell: (w: KpiWeek) => value(w, kpi) })),
          ]}
        />
      </ReportSection>
    </>
  );
}
