import { useMemo } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { JourneyPair } from '@gridlens/contract/tracking-journeys';
import { formatDay } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import { useJourneyPairs, useWatchJourney } from '@/lib/api/tracking-journeys';
import { useAppStore } from '@/lib/app-store';
import { textsMatch } from '@/lib/text-search';
import { useClientPaging } from '@/lib/ui/use-client-paging';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { useHeaderSearch } from '@/lib/use-header-search';
import { useSetSearchParams } from '@/lib/use-set-search-params';
import { durationText } from '@/lib/duration-text';
import { LocationTypeMark } from '@/lib/ui/location-type-mark';

const journeyPath = (pair: JourneyPair, week: string) =>
  `/journey/${encodeURIComponent(pair.origin.location_id)}/${encodeURIComponent(pair.destination.location_id)}/${week}`;

/** /journeys: the origin-destination pairs of the last eight weeks, with counts and durations per week, and watch marks. */
export function JourneysPage() {
  const { t, i18n } = useTranslation();
  const customerId = useAppStore((s) => s.selectedCustomer);
  const pairs = useJourneyPairs(customerId);
  const watch = useWatchJourney();
  const search = useHeaderSearch();
  const timeZone = browserTimeZone();
  const language = i18n.language;
  const [params] = useSearchParams();
  const setParams = useSetSearchParams();
  // The caller's watched journeys only (?watched=1), kept in the URL like the screen's other choices.
  const watchedOnly = params.get('watched') === '1';
  const shown = useMemo(
    () =>
      (pairs.data?.pairs ?? []).filter(
        (p) =>
          (!watchedOnly || p.watchlisted) &&
          textsMatch([p.origin.name, p.origin.location_id, p.destination.name, p.destination.location_id], search),
      ),
    [pairs.data, search, watchedOnly],
  );
  const { pageRows, paging } = useClientPaging(shown);
  const weeks = pairs.data?.weeks ?? [];
  const weekText = (week: string) => formatDay(week, timeZone);

  const columns: DataColumn<JourneyPair>[] = [
    {
      id: 'watch',
      title: t('trackingJourneys.watch'),
      cell: (p) => {
        const name = t('trackingJourneys.pairName', { origin: p.origin.name, destination: p.destination.name });
        return (
          <IconButton
            size="small"
            aria-pressed={p.watchlisted}
            aria-label={t(p.watchlisted ? 'trackingJourneys.unwatchPair' : 'trackingJourneys.watchPair', { pair: name })}
            disabled={watch.isPending}
            onClick={() =>
              watch.mutate({ originId: p.origin.location_id, destinationId: p.destination.location_id, watch: !p.watchlisted })
            }
          >
            {p.watchlisted ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
          </IconButton>
        );
      },
    },
    {
      id: 'origin',
      title: t('trackingJourneys.origin'),
      cell: (p) => <LocationTypeMark category={p.origin.location_type}>{p.origin.name}</LocationTypeMark>,
    },
    {
      id: 'destination',
      title: t('trackingJourneys.destination'),
      cell: (p) => <LocationTypeMark category={p.destination.location_type}>{p.destination.name}</LocationTypeMark>,
    },
    { id: 'total', title: t('trackingJourneys.total'), numeric: true, cell: (p) => formatNumber(p.total, language, 0) },
    { id: 'median', title: t('trackingJourneys.medianDuration'), numeric: true, cell: (p) => durationText(p.median_minutes, language, t) },
    // Newest week first: the weeks a dispatcher asks about are the recent ones, and the table scrolls to the older.
    ...[...weeks.entries()].reverse().map(([i, week]): DataColumn<JourneyPair> => ({
      id: `week-${week}`,
      title: t('trackingJourneys.weekOf', { day: weekText(week) }),
      numeric: true,
      cell: (p) => {
        const w = p.weeks[i];
        if (!w || w.count === 0) return '–';
        return (
          <Link
            component={RouterLink}
            to={journeyPath(p, week)}
            aria-label={t('trackingJourneys.weekLink', {
              journeys: formatNumber(w.count, language, 0),
              week: weekText(week),
              origin: p.origin.name,
              destination: p.destination.name,
            })}
          >
            {formatNumber(w.count, language, 0)} · {durationText(w.median_minutes, language, t)}
          </Link>
        );
      },
    })),
  ];

  return (
    <Box data-testid="journeys" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {pairs.isError && <LoadFailed onRetry={() => void pairs.refetch()} />}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="journeys-title">
        <Typography id="journeys-title" component="h2" variant="h6">
          {t('trackingJourneys.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('trackingJourneys.explain')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={watchedOnly}
              onChange={(event) => setParams({ watched: event.target.checked ? '1' : null }, { replace: true })}
              data-testid="journeys-watched-only"
            />
          }
          label={t('trackingJourneys.watchedOnly')}
        />
        {pairs.isPending ? (
          <Typography>{t('assetDetail.loadingTab')}</Typography>
        ) : shown.length === 0 ? (
          <Typography data-testid="journeys-empty">{t('messages.noData')}</Typography>
        ) : (
          <DataTable
            label={t('trackingJourneys.tableLabel')}
            columns={columns}
            rows={pageRows}
            paging={paging}
            rowKey={(p) => `${p.origin.location_id}>${p.destination.location_id}`}
            testId="journey-pairs"
          />
        )}
      </Paper>
    </Box>
  );
}
