import type { ChangeEvent } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FleetReport } from '@gridlens/contract/fleet-reports';
import { useFleetReport } from '@/lib/api/fleet-reports';
import { useSetSearchParams } from '@/lib/use-set-search-params';
import { DataTable } from '@/lib/ui/data-table';
import { FactList } from '@/lib/ui/fact-list';
import { HIDE_IN_PRINT, ReportBody, ReportFrame, ReportSection } from './report-frame';
import { useReportFormat } from './report-format';
import { FleetActivitySections } from './fleet-activity-sections';

const ISO_WEEK = /^\d{4}-W\d{2}$/;

/** /report_fleet: the weekly fleet report, report-style, for one week (`?week=YYYY-Www`) and optionally one customer. */
export function FleetReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const setParams = useSetSearchParams();
  const weekParam = params.get('week');
  const week = weekParam !== null && ISO_WEEK.test(weekParam) ? weekParam : null;
  const report = useFleetReport(week, params.get('customer'));
  const data = report.data;
  const format = useReportFormat(data?.time_zone);
  const running =
    data === undefined
      ? null
      : t('fleetReports.running', {
          tenant: data.customer === null ? data.tenant_name : `${data.tenant_name} · ${data.customer.name}`,
          period: t('fleetReports.fleet.period', {
            week: data.week.week,
            from: format.day(data.week.monday),
            to: format.day(data.week.sunday),
          }),
          zone: data.time_zone,
        });

  return (
    <ReportFrame
      testId="fleet-report"
      title={t('fleetReports.fleet.title')}
      running={running}
      controls={
        <TextField
          type="week"
          size="small"
          label={t('fleetReports.weekLabel')}
          value={data?.week.week ?? week ?? ''}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setParams({ week: event.target.value || null })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'fleet-report-week' } }}
          sx={HIDE_IN_PRINT}
        />
      }
    >
      <ReportBody report={report}>{(loaded) => <FleetReportSections report={loaded} />}</ReportBody>
    </ReportFrame>
  );
}

function FleetReportSections({ report }: { report: FleetReport }) {
  const { t } = useTranslation();
  const format = useReportFormat(report.time_zone);
  const byType = [...report.by_type, { category: 'total' as const, devices: report.devices, ...report.movement }];
  return (
    <>
      <ReportSection id="fleet-report-where" title={t('fleetReports.fleet.byTypeTitle')} first>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('fleetReports.fleet.nowNote', {
            time: format.moment(report.generated_at),
            hours: format.number(report.static_after_hours, 0),
          })}
        </Typography>
        <DataTable
          label={t('fleetReports.fleet.byTypeTitle')}
          testId="fleet-report-by-type"
          rowTestId={(row) => `fleet-report-type-${row.category}`}
          rows={byType}
          rowKey={(row) => row.category}
          columns={[
            {
              id: 'category',
              title: t('trackingJourneys.poiReport.locationType'),
              cell: (row) =>
                row.category === 'total' ? t('fleetReports.fleet.total') : t(`trackingJourneys.poiReport.types.${row.category}`),
            },
            { id: 'devices', title: t('trackingJourneys.poiReport.assets'), numeric: true, cell: (row) => format.number(row.devices, 0) },
            { id: 'static', title: t('trackingJourneys.poiReport.static'), numeric: true, cell: (row) => format.number(row.static, 0) },
            { id: 'fluid', title: t('trackingJourneys.poiReport.fluid'), numeric: true, cell: (row) => format.number(row.fluid, 0) },
          ]}
        />
      </ReportSection>
      <ReportSection id="fleet-report-held" title={t('fleetReports.fleet.heldTitle')}>
        {report.held.length === 0 ? (
          <Typography data-testid="fleet-report-held-none">{t('fleetReports.fleet.heldNone')}</Typography>
        ) : (
          report.held.map((customer) => (
            <DataTable
              key={customer.customer_id}
              label={t('fleetReports.fleet.heldCustomer', {
                name: customer.customer_name,
                hours: format.number(customer.longest_hours, 0),
              })}
              testId={`fleet-report-held-${customer.customer_id}`}
              rows={customer.devices}
              rowKey={(row) => row.device_id}
              columns={[
                { id: 'customer', title: t('fleetReports.fleet.customer'), cell: () => customer.customer_name },
                { id: 'device', title: t('trackingJourneys.poiReport.assets'), cell: (row) => row.name },
                { id: 'location', title: t('trackingJourneys.poiReport.location'), cell: (row) => row.location.name },
                { id: 'since', title: t('fleetReports.fleet.since'), cell: (row) => format.moment(row.since) },
                { id: 'held', title: t('fleetReports.fleet.heldHours'), numeric: true, cell: (row) => format.number(row.held_hours, 0) },
              ]}
            />
          ))
        )}
      </ReportSection>
      <FleetActivitySections report={report} />
      <ReportSection id="fleet-report-attention" title={t('fleetReports.fleet.attentionTitle')}>
        <FactList
          testId="fleet-report-attention-facts"
          facts={[
            [t('fleetReports.fleet.silent'), format.number(report.silent.length, 0), t('fleetReports.fleet.silentExplain')],
            [t('issueFlags.HasLowBattery'), format.number(report.low_battery.length, 0)],
          ]}
          marginBottom={2}
        />
        <DataTable
          label={t('fleetReports.fleet.silent')}
          testId="fleet-report-silent"
          rows={report.silent}
          rowKey={(row) => row.device_id}
          columns={[
            { id: 'device', title: t('fleetReports.fleet.silent'), cell: (row) => row.name },
            {
              id: 'type',
              title: t('trackingDevices.columns.device_type'),
              cell: (row) => t(`alerts.tracking.deviceTypes.${row.device_type}`),
            },
            { id: 'last', title: t('trackingDevices.columns.last_message_at'), cell: (row) => format.moment(row.last_message_at) },
          ]}
        />
        <DataTable
          label={t('issueFlags.HasLowBattery')}
          testId="fleet-report-low-battery"
          rows={report.low_battery}
          rowKey={(row) => row.device_id}
          columns={[
            { id: 'device', title: t('issueFlags.HasLowBattery'), cell: (row) => row.name },
            {
              id: 'type',
              title: t('trackingDevices.columns.device_type'),
              cell: (row) => t(`alerts.tracking.deviceTypes.${row.device_type}`),
            },
            {
              id: 'battery',
              title: t('trackingDevices.columns.battery_pct'),
              numeric: true,
              cell: (row) => format.number(row.battery_pct, 0),
            },
            { id: 'last', title: t('trackingDevices.columns.last_message_at'), cell: (row) => format.moment(row.last_message_at) },
          ]}
        />
      </ReportSection>
    </>
  );
}
