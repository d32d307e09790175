import { useMemo, useState } from 'react';
import { browserTimeZone } from '@/lib/api/config';
import { formatDay } from '@gridlens/domain/date-format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { FleetAnalysisRow } from '@gridlens/contract/load-planning';
import { MODEL_DAY_TYPES } from '@gridlens/domain/load-models/model-parameters';
import { formatNumber } from '@gridlens/domain/number-format';
import { useFleetAnalysis } from '@/lib/api/load-planning';
import { csvBlob, downloadBlob } from '@/lib/csv';
import { textsMatch } from '@/lib/text-search';
import { DataTable, type DataColumn, type SortState } from '@/lib/ui/data-table';
import { FactList } from '@/lib/ui/fact-list';
import { LoadFailed } from '@/lib/ui/load-failed';
import { DEFAULT_MODEL_ID } from '@gridlens/domain/load-models/model-defaults';
import { ModelSelect } from './model-select';
import { useClientPaging } from '@/lib/ui/use-client-paging';
import { useHeaderSearch } from '@/lib/use-header-search';
import { useSetSearchParams } from '@/lib/use-set-search-params';
import { fleetCsv, overCapacityByYear, sortFleetRows } from './fleet-rows';
import { firstYearOverText, hasNoData, hourText, maxEvsWithYearText, type HeadlineFormat, type HeadlineId } from './headline-figures';
import { OverCapacityChart } from './over-capacity-chart';

/** The headline figures the table's titles name, with what each means: a reader is never left to guess (issue 27). */
const DEFINED: readonly { id: HeadlineId; titleKey: string }[] = [
  { id: 'firstYearOver', titleKey: 'loadPlanning.firstYearOver' },
  { id: 'maxEvs', titleKey: 'loadPlanning.maxEvs' },
  { id: 'maxEvHour', titleKey: 'loadPlanning.maxEvHour' },
  { id: 'maxLoad', titleKey: 'loadPlanning.fleet.maxLoadKw' },
  { id: 'maxLoadWhen', titleKey: 'loadPlanning.maxLoadWhen' },
  { id: 'minHeadroom', titleKey: 'loadPlanning.fleet.minHeadroomKw' },
];

/**
 * The fleet analysis (spec §3 EV/HP fleet analysis row, §7 model_fleetanalysis): the chosen EV and heat-pump models
 * run on every transformer, most urgent first, with the count over capacity year by year. Models, day type and the
 * "over capacity only" choice live in the URL beside the page's model choice.
 */
export function FleetAnalysisSection() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const setParams = useSetSearchParams();
  const models = { ev: params.get('fleet_ev') ?? DEFAULT_MODEL_ID, hp: params.get('fleet_hp') ?? DEFAULT_MODEL_ID };
  const dayParam = params.get('fleet_day');
  const dayType = MODEL_DAY_TYPES.find((type) => type === dayParam) ?? null;
  const overOnly = params.get('fleet_over') === '1';
  const fleet = useFleetAnalysis(models, dayType);
  const search = useHeaderSearch();
  const [sort, setSort] = useState<SortState | null>(null);
  const number = (value: number | null, decimals = 1) => (value === null ? '–' : formatNumber(value, i18n.language, decimals));

  const rows = useMemo(() => {
    const shown = (fleet.data?.items ?? []).filter(
      (r) => (!overOnly || r.first_year_over_capacity !== null) && textsMatch([r.device_id, r.transformer_name], search),
    );
    return sort ? sortFleetRows(shown, sort.columnId as keyof FleetAnalysisRow, sort.direction) : shown;
  }, [fleet.data, overOnly, search, sort]);
  const { pageRows, paging } = useClientPaging(rows);
  // The chart's figures change with the answer only, not with each keystroke, page or sort.
  const overCapacity = useMemo(
    () =>
      fleet.data
        ? {
            counts: overCapacityByYear(fleet.data.items, fleet.data.base_year),
            total: fleet.data.items.filter((r) => !hasNoData(r)).length,
          }
        : null,
    [fleet.data],
  );
  const timeZone = browserTimeZone();
  const format: HeadlineFormat = { t, number: (value, decimals) => number(value, decimals), day: (day) => formatDay(day, timeZone) };

  const columns: DataColumn<FleetAnalysisRow>[] = [
    {
      id: 'transformer_name',
      title: t('assets.columns.transformer_name'),
      cell: (r) => (
        <Link component={RouterLink} to={`/asset/${encodeURIComponent(r.device_id)}`}>
          {r.transformer_name || r.device_id}
        </Link>
      ),
    },
    { id: 'device_id', title: t('assets.columns.device_id'), cell: (r) => r.device_id },
    {
      id: 'first_year_over_capacity',
      title: t('loadPlanning.firstYearOver'),
      numeric: true,
      cell: (r) => firstYearOverText(r, format),
      emphasis: (r) => r.first_year_over_capacity !== null,
    },
    {
      id: 'max_evs',
      title: t('loadPlanning.maxEvs'),
      numeric: true,
      cell: (r) => maxEvsWithYearText(r, format),
    },
    { id: 'max_ev_hour', title: t('loadPlanning.maxEvHour'), numeric: true, cell: (r) => hourText(r.max_ev_hour) },
    {
      id: 'max_load_day',
      title: t('loadPlanning.fleet.maxLoadDay'),
      cell: (r) => (r.max_load_day === null ? '–' : formatDay(r.max_load_day, timeZone)),
    },
    { id: 'max_load_hour', title: t('loadPlanning.fleet.maxLoadHour'), numeric: true, cell: (r) => hourText(r.max_load_hour) },
    { id: 'max_load_kw', title: t('loadPlanning.fleet.maxLoadKw'), numeric: true, cell: (r) => number(r.max_load_kw) },
    { id: 'min_headroom_kw', title: t('loadPlanning.fleet.minHeadroomKw'), numeric: true, cell: (r) => number(r.min_headroom_kw) },
  ];
  const exportCsv = () =>
    downloadBlob(
      csvBlob(
        fleetCsv(
          rows,
          // Max EVs is shown with its year; the CSV gives the year a column of its own, so both stay numbers.
          columns.flatMap((c) => [
            { id: c.id as keyof FleetAnalysisRow, title: c.title },
            ...(c.id === 'max_evs' ? [{ id: 'max_evs_year' as const, title: t('loadPlanning.fleet.maxEvsYear') }] : []),
          ]),
        ),
      ),
      'fleet-analysis.csv',
    );

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="fleet-analysis-title" data-testid="fleet-analysis">
      <Typography id="fleet-analysis-title" component="h2" variant="h6">
        {t('loadPlanning.fleet.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('loadPlanning.fleet.explain')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <ModelSelect
          kind="ev"
          label={t('loadModels.evModel')}
          value={models.ev}
          onChange={(id) => setParams({ fleet_ev: id })}
          testId="fleet-ev-model"
        />
        <ModelSelect
          kind="hp"
          label={t('loadModels.hpModel')}
          value={models.hp}
          onChange={(id) => setParams({ fleet_hp: id })}
          testId="fleet-hp-model"
        />
        <TextField
          select
          size="small"
          label={t('loadModels.fields.dayType')}
          value={dayType ?? fleet.data?.day_type ?? ''}
          onChange={(event) => setParams({ fleet_day: event.target.value })}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'fleet-day-type' } }}
        >
          {MODEL_DAY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`loadPlanning.dayTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={overOnly}
              onChange={(event) => setParams({ fleet_over: event.target.checked ? '1' : null }, { replace: true })}
              data-testid="fleet-over-only"
            />
          }
          label={t('loadPlanning.fleet.overOnly')}
        />
        <Button variant="outlined" size="small" onClick={exportCsv} disabled={rows.length === 0} data-testid="fleet-export">
          {t('loadPlanning.fleet.exportCsv')}
        </Button>
      </Stack>
      {fleet.isError && <LoadFailed onRetry={() => void fleet.refetch()} />}
      {fleet.isPending || fleet.isPlaceholderData ? (
        <Typography data-testid="fleet-running">{t('loadPlanning.fleet.running')}</Typography>
      ) : (
        fleet.data && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {overCapacity && <OverCapacityChart counts={overCapacity.counts} total={overCapacity.total} />}
            <Typography variant="body2" data-testid="fleet-count">
              {t('loadPlanning.fleet.shownOf', { shown: number(rows.length, 0), total: number(fleet.data.items.length, 0) })}
            </Typography>
            {rows.length === 0 ? (
              <Typography>{t('messages.noData')}</Typography>
            ) : (
              <DataTable
                label={t('loadPlanning.fleet.title')}
                columns={columns}
                rows={pageRows}
                rowKey={(r) => r.device_id}
                paging={paging}
                sort={{ ...(sort ?? { columnId: '', direction: 'asc' }), onSort: setSort }}
                testId="fleet-table"
                rowTestId={(r) => `fleet-row-${r.device_id}`}
              />
            )}
            <Typography component="h3" variant="subtitle2">
              {t('loadPlanning.fleet.definitionsTitle')}
            </Typography>
            <FactList
              testId="fleet-definitions"
              facts={DEFINED.map(({ id, titleKey }) => [t(titleKey), t(`loadPlanning.definitions.${id}`)] as const)}
            />
          </Box>
        )
      )}
    </Paper>
  );
}
