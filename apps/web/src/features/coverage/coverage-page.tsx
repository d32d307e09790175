import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { DeviceCoverage } from '@gridlens/contract/coverage';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import {
  COVERAGE_LEVELS,
  COVERAGE_WINDOW_DAYS,
  SITE_RADIUS_DEFAULT_KM,
  siteCoverage,
  type CoverageLevel,
} from '@gridlens/domain/power/coverage';
import type { GeoPoint } from '@gridlens/domain/geo';
import { useCoverage } from '@/lib/api/coverage';
import { useSetSearchParams } from '@/lib/use-set-search-params';
import { browserTimeZone } from '@/lib/api/config';
import { useClientConfig } from '@/lib/client-config-context';
import { csvBlob, downloadBlob } from '@/lib/csv';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { usePaging } from '@/lib/ui/use-paging';
import CoverageMap from './coverage-map';
import { coverageCsv, deliveryPercent, levelCounts, levelOf, windowOf } from './coverage-model';
import { LEVEL_COLOUR } from './level-colour';
import { SiteCheck, type SiteQuery } from './site-check';

/**
 * Device coverage (/coverage_checker, report-style without the shell): how well each monitor's radio link reaches
 * the network over the last day or week, on a map and in a table, worst first; and a check of a planned site
 * against the devices installed around it.
 */
export function CoveragePage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const setSearchParams = useSetSearchParams();
  const days = windowOf(params.get('days'));
  const level = levelOf(params.get('level'));
  const coverage = useCoverage(days);
  const { mapTiles } = useClientConfig();
  const [site, setSite] = useState<SiteQuery | null>(null);
  const paging = usePaging(`${days}:${level ?? ''}`);
  const timeZone = browserTimeZone();
  const number = (value: number | null, decimals: number) => (value === null ? '–' : formatNumber(value, i18n.language, decimals));
  const time = (iso: string | null) => (iso === null ? '–' : formatDateTime(Date.parse(iso), timeZone));

  const devices = useMemo(() => coverage.data?.devices ?? [], [coverage.data]);
  const counts = useMemo(() => levelCounts(devices), [devices]);
  const shown = useMemo(() => (level ? devices.filter((d) => d.level === level) : devices), [devices, level]);
  // A refresh may shorten the list under the page being read: show its last page rather than an empty one.
  const page = Math.min(paging.page, Math.max(0, Math.ceil(shown.length / paging.pageSize) - 1));
  const siteResult = useMemo(
    () =>
      site &&
      siteCoverage(
        site,
        devices.map((d) =>
          d.latitude === null || d.longitude === null ? null : { latitude: d.latitude, longitude: d.longitude, level: d.level },
        ),
        site.radiusKm,
      ),
    [site, devices],
  );
  const pickOnMap = useCallback(
    (point: GeoPoint) => setSite((old) => ({ ...point, radiusKm: old?.radiusKm ?? SITE_RADIUS_DEFAULT_KM, source: 'map' })),
    [],
  );

  const setParam = (name: string, value: string | null) => setSearchParams({ [name]: value }, { replace: true });

  const levelText = (value: CoverageLevel) => t(`coverage.levels.${value}`);
  const columns: DataColumn<DeviceCoverage>[] = [
    {
      id: 'device',
      title: t('assets.columns.device_id'),
      cell: (d) => (
        <Link component={RouterLink} to={`/asset/${encodeURIComponent(d.device_id)}`}>
          {d.device_id}
        </Link>
      ),
    },
    { id: 'name', title: t('assets.columns.transformer_name'), cell: (d) => d.transformer_name },
    {
      id: 'level',
      title: t('coverage.columns.level'),
      cell: (d) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: LEVEL_COLOUR[d.level] }} />
          {levelText(d.level)}
        </Box>
      ),
    },
    { id: 'mean', title: t('coverage.columns.meanLqi'), numeric: true, cell: (d) => number(d.mean_lqi, 1) },
    { id: 'min', title: t('coverage.columns.minLqi'), numeric: true, cell: (d) => number(d.min_lqi, 0) },
    { id: 'received', title: t('coverage.columns.received'), numeric: true, cell: (d) => number(d.received, 0) },
    { id: 'expected', title: t('coverage.columns.expected'), numeric: true, cell: (d) => number(d.expected, 0) },
    {
      id: 'delivery',
      title: t('coverage.columns.delivery'),
      numeric: true,
      cell: (d) => number(deliveryPercent(d), 1),
      emphasis: (d) => d.received < d.expected,
    },
    { id: 'connection', title: t('assets.columns.connection_type'), cell: (d) => d.connection_type ?? '–' },
    { id: 'last', title: t('coverage.columns.lastMessage'), cell: (d) => time(d.last_message_at) },
  ];

  const exportCsv = () => {
    const text = coverageCsv(shown, {
      headers: columns.map((c) => c.title),
      level: levelText,
      time: (iso) => (iso === null ? '' : time(iso)),
    });
    downloadBlob(csvBlob(text), `device-coverage-${days}d.csv`);
  };

  return (
    <Box component="main" data-testid="coverage-page" sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box>
        <Link component={RouterLink} to="/assets" variant="body2">
          {t('assetDetail.backToAssets')}
        </Link>
        <Typography component="h1" variant="h5" sx={{ mt: 1 }}>
          {t('pages.coverageChecker')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('coverage.intro')}
        </Typography>
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={days}
          onChange={(_event, next: number | null) => next !== null && setParam('days', String(next))}
          aria-label={t('coverage.window')}
        >
          {COVERAGE_WINDOW_DAYS.map((value) => (
            <ToggleButton key={value} value={value} data-testid={`window-${value}`}>
              {t(value === 1 ? 'timeRanges.24h' : 'timeRanges.7d')}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={t('coverage.columns.level')}
          value={level ?? 'all'}
          onChange={(event) => setParam('level', event.target.value === 'all' ? null : event.target.value)}
          sx={{ minWidth: 180 }}
          data-testid="level-filter"
        >
          <MenuItem value="all">{t('coverage.allLevels')}</MenuItem>
          {COVERAGE_LEVELS.map((value) => (
            <MenuItem key={value} value={value}>
              {levelText(value)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          startIcon={<DownloadIcon />}
          variant="outlined"
          onClick={exportCsv}
          disabled={shown.length === 0}
          data-testid="coverage-csv"
        >
          {t('coverage.exportCsv')}
        </Button>
      </Box>

      {coverage.isError && <LoadFailed onRetry={() => void coverage.refetch()} />}
      {coverage.isPending && <Typography>{t('assetDetail.loadingTab')}</Typography>}
      {coverage.data && (
        <>
          <Box
            component="ul"
            aria-label={t('coverage.summary')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
          >
            {COVERAGE_LEVELS.map((value) => (
              <li key={value}>
                <Button
                  variant={level === value ? 'contained' : 'outlined'}
                  color="inherit"
                  aria-pressed={level === value}
                  onClick={() => setParam('level', level === value ? null : value)}
                  data-testid={`level-count-${value}`}
                  startIcon={
                    <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: LEVEL_COLOUR[value] }} />
                  }
                >
                  {t('coverage.levelCount', { level: levelText(value), count: counts[value], formatted: number(counts[value], 0) })}
                </Button>
              </li>
            ))}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
            <CoverageMap devices={shown} tiles={mapTiles} site={site} onPick={pickOnMap} />
            <SiteCheck query={site} result={siteResult} devices={devices} onCheck={setSite} defaultRadiusKm={SITE_RADIUS_DEFAULT_KM} />
          </Box>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="coverage-table-title">
            <Typography id="coverage-table-title" component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('coverage.tableTitle', { count: shown.length, formatted: number(shown.length, 0) })}
            </Typography>
            {shown.length === 0 ? (
              <Typography>{t('messages.noData')}</Typography>
            ) : (
              <DataTable
                label={t('coverage.tableTitle', { count: shown.length, formatted: number(shown.length, 0) })}
                columns={columns}
                rows={shown.slice(page * paging.pageSize, (page + 1) * paging.pageSize)}
                rowKey={(d) => d.device_id}
                paging={{ ...paging, page, total: shown.length }}
                testId="coverage-table"
              />
            )}
          </Paper>
        </>
      )}
    </Box>
  );
}
