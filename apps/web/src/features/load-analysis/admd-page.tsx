import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AdmdRow } from '@gridlens/contract/load-analysis';
import { formatDate, formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { TYPICAL_DOMESTIC_ADMD_KW } from '@gridlens/domain/power/admd';
import { browserTimeZone } from '@/lib/api/config';
import { useAdmd } from '@/lib/api/load-analysis';
import { csvBlob, downloadBlob } from '@/lib/csv';
import { useSetSearchParams } from '@/lib/use-set-search-params';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { usePaging } from '@/lib/ui/use-paging';
import { ADMD_RANGES, admdCsv, admdPeriodSentences, admdRangeOf, medianAdmdKw } from './admd-model';

/**
 * ADMD (/powercoil_admd, opened from Analytics): every transformer's after-diversity maximum demand per customer,
 * its peak 30-minute demand, load factor and peak time over the latest whole winter (or a range), exportable as CSV.
 */
export function AdmdPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const setSearchParams = useSetSearchParams();
  const range = admdRangeOf(params.get('range'));
  const admd = useAdmd(range);
  const paging = usePaging(range ?? 'default');
  const timeZone = browserTimeZone();
  const number = (value: number | null, decimals = 2) => (value === null ? '–' : formatNumber(value, i18n.language, decimals));
  const time = (iso: string | null) => (iso === null ? '–' : formatDateTime(Date.parse(iso), timeZone));
  const day = (iso: string) => formatDate(Date.parse(iso), timeZone);
  const rows = useMemo(() => admd.data?.transformers ?? [], [admd.data]);
  const median = useMemo(() => medianAdmdKw(rows), [rows]);
  const missingText = (row: AdmdRow) =>
    row.missing === 'no_readings'
      ? t('loadAnalysis.missing.noReadings')
      : row.missing === 'no_connected_customers'
        ? t('loadAnalysis.missing.noCustomers')
        : '';

  const columns: DataColumn<AdmdRow>[] = [
    {
      id: 'device',
      title: t('assets.columns.device_id'),
      cell: (row) => (
        <Link component={RouterLink} to={`/asset/${encodeURIComponent(row.device_id)}`}>
          {row.device_id}
        </Link>
      ),
    },
    { id: 'name', title: t('assets.columns.transformer_name'), cell: (row) => row.transformer_name },
    { id: 'mprns', title: t('assets.columns.connected_mprns'), numeric: true, cell: (row) => number(row.connected_mprns, 0) },
    { id: 'peak', title: t('loadAnalysis.columns.peakDemandKw'), numeric: true, cell: (row) => number(row.peak_demand_kw) },
    { id: 'admd', title: t('loadAnalysis.columns.admdKw'), numeric: true, cell: (row) => number(row.admd_kw) },
    { id: 'loadFactor', title: t('loadAnalysis.columns.loadFactor'), numeric: true, cell: (row) => number(row.load_factor) },
    { id: 'peakAt', title: t('loadAnalysis.columns.peakAt'), cell: (row) => time(row.peak_at) },
    { id: 'note', title: t('loadAnalysis.columns.note'), cell: missingText },
  ];

  const exportCsv = () => {
    const text = admdCsv(rows, {
      headers: columns.map((c) => c.title),
      time: (iso) => (iso === null ? '' : time(iso)),
      missing: missingText,
    });
    downloadBlob(csvBlob(text), `admd-${admd.data ? admd.data.from.slice(0, 10) : 'period'}.csv`);
  };

  const periodText = admd.data
    ? admdPeriodSentences(admd.data)
        .map(({ key, values }) => t(`loadAnalysis.period.${key}`, { ...values, from: day(values.from), to: day(values.to) }))
        .join(' ')
    : '';

  return (
    <Box data-testid="admd-page" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {/* The shell's header shows the screen's title (the route's titleKey). */}
      <Box>
        <Link component={RouterLink} to="/powercoil_analytics" variant="body2">
          {t('loadAnalysis.backToAnalytics')}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('loadAnalysis.intro', { min: number(TYPICAL_DOMESTIC_ADMD_KW.min, 1), max: number(TYPICAL_DOMESTIC_ADMD_KW.max, 1) })}
        </Typography>
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('timeRanges.label')}
          value={range ?? 'default'}
          onChange={(event) => setSearchParams({ range: event.target.value === 'default' ? null : event.target.value }, { replace: true })}
          sx={{ minWidth: 200 }}
          data-testid="admd-range"
        >
          <MenuItem value="default">{t('loadAnalysis.defaultPeriod')}</MenuItem>
          {ADMD_RANGES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`timeRanges.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {/* The previous range's rows, shown while another loads, are not the period chosen: nothing to export yet. */}
        <Button
          startIcon={<DownloadIcon />}
          variant="outlined"
          onClick={exportCsv}
          disabled={rows.length === 0 || admd.isPlaceholderData}
          data-testid="admd-csv"
        >
          {t('loadAnalysis.exportCsv')}
        </Button>
      </Box>

      {admd.isError && <LoadFailed onRetry={() => void admd.refetch()} />}
      {admd.isPending && <Typography>{t('app.loading')}</Typography>}
      {admd.data && (
        <>
          {/* While another range loads, the previous answer's table stays, but its period is not the one chosen. */}
          <Typography variant="body2" data-testid="admd-period" aria-live="polite">
            {admd.isPlaceholderData
              ? t('app.loading')
              : `${periodText} ${median !== null ? t('loadAnalysis.median', { value: number(median) }) : ''}`.trim()}
          </Typography>
          <DataTable
            label={t('loadAnalysis.table')}
            columns={columns}
            rows={rows.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize)}
            rowKey={(row) => row.device_id}
            paging={{ ...paging, total: rows.length }}
            testId="admd-table"
          />
        </>
      )}
    </Box>
  );
}
