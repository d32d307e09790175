import { useMemo } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MeteringReadingRow } from '@gridlens/contract/power-quality';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { useMetering } from '@/lib/api/power-quality';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { FactList, type Fact } from '@/lib/ui/fact-list';
import { usePaging } from '@/lib/ui/use-paging';
import { phaseName, type TabProps } from './tab-display';

/** Metering: energy imported and exported over the range, voltage extremes per phase, and the readings, newest first. */
export function MeteringTab({ deviceId, range, languageTag, timeZone }: TabProps) {
  const { t } = useTranslation();
  const metering = useMetering(deviceId, range);
  const paging = usePaging(range);
  const newestFirst = useMemo(() => [...(metering.data?.readings ?? [])].reverse(), [metering.data]);
  const number = (value: number | null | undefined, decimals = 2) =>
    value === null || value === undefined ? '–' : formatNumber(value, languageTag, decimals);

  if (metering.isPending) return <Typography sx={{ p: 2 }}>{t('assetDetail.loadingTab')}</Typography>;
  if (!metering.data) return <Typography sx={{ p: 2 }}>{t('assetDetail.tabFailed')}</Typography>;
  const { summary } = metering.data;
  const pageRows = newestFirst.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize);
  const facts: Fact[] = [
    [t('powerQuality.metering.imported'), number(summary.energy_imported_kwh)],
    [t('powerQuality.metering.exported'), number(summary.energy_exported_kwh)],
    ...[0, 1, 2].map((p): [string, string] => [
      t('powerQuality.metering.voltageRange', { phase: phaseName(p + 1) }),
      `${number(summary.voltage_min_v[p])} – ${number(summary.voltage_max_v[p])}`,
    ]),
  ];
  const columns: DataColumn<MeteringReadingRow>[] = [
    { id: 'time', title: t('assetDetail.messageColumns.time'), cell: (r) => formatDateTime(Date.parse(r.time), timeZone) },
    { id: 'import', title: t('powerQuality.metering.importKwh'), numeric: true, cell: (r) => number(r.import_kwh) },
    { id: 'export', title: t('powerQuality.metering.exportKwh'), numeric: true, cell: (r) => number(r.export_kwh) },
    ...[0, 1, 2].map((p) => ({
      id: `v${p}`,
      title: t('powerQuality.metering.voltage', { phase: phaseName(p + 1) }),
      numeric: true,
      cell: (r: MeteringReadingRow) => number(r.voltage_v?.[p]),
    })),
    { id: 'pf', title: t('powerQuality.metering.powerFactor'), numeric: true, cell: (r) => number(r.power_factor) },
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="asset-metering">
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('powerQuality.metering.title', { total: number(summary.reading_count, 0) })}
      </Typography>
      {summary.reading_count === 0 ? (
        <Typography sx={{ p: 2 }} data-testid="metering-no-data">
          {t('messages.noData')}
        </Typography>
      ) : (
        <>
          <FactList facts={facts} testId="metering-summary" marginBottom={2} />
          <DataTable
            label={t('powerQuality.metering.table', { device: deviceId })}
            columns={columns}
            rows={pageRows}
            rowKey={(r) => r.seq}
            paging={{ ...paging, total: newestFirst.length }}
            testId="metering-table"
          />
        </>
      )}
    </Paper>
  );
}
