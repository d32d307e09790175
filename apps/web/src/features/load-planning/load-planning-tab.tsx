import { useState } from 'react';
import { browserTimeZone } from '@/lib/api/config';
import { formatDay } from '@gridlens/domain/date-format';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TransformerAnalysis } from '@gridlens/contract/load-planning';
import { MODEL_DAY_TYPES, type ModelDayType } from '@gridlens/domain/load-models/model-parameters';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, temperatureUnit, type TemperatureMetric } from '@gridlens/domain/temperature';
import { ApiRequestError } from '@/lib/api/api-client';
import { useLoadAnalysis, useModelInputs, type ChosenModels } from '@/lib/api/load-planning';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { FactList, type Fact } from '@/lib/ui/fact-list';
import { DEFAULT_MODEL_ID } from '@gridlens/domain/load-models/model-defaults';
import { headlineFigures, hourText } from './headline-figures';
import { ModelSelect } from './model-select';
import { LoadProfileChart } from './load-profile-chart';

interface LoadPlanningTabProps {
  deviceId: string;
  kind: 'ev' | 'hp';
  languageTag: string;
  temperatureMetric: TemperatureMetric;
}

type ForecastYear = TransformerAnalysis['forecast'][number];

/**
 * EV Analysis and HP Analysis (issue 20): the day's profile against the rating, the forecast to 2030, the inputs. Both
 * tabs show one analysis of the chosen EV and HP models (the fleet table's row, issue 27); the HP tab adds the heat
 * pumps' columns and the 1-in-20 cold day when the HP model evaluates it.
 */
export function LoadPlanningTab({ deviceId, kind, languageTag, temperatureMetric }: LoadPlanningTabProps) {
  const { t } = useTranslation();
  // The EV model's own day type until the user picks one, as the fleet analysis runs it.
  const [dayType, setDayType] = useState<ModelDayType | null>(null);
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const [models, setModels] = useState<ChosenModels>({ ev: DEFAULT_MODEL_ID, hp: DEFAULT_MODEL_ID });
  const analysis = useLoadAnalysis(deviceId, kind, dayType, models);
  const inputs = useModelInputs(deviceId, dayType, models.ev);
  const number = (value: number | null, decimals = 1) => (value === null ? '–' : formatNumber(value, languageTag, decimals));
  const temperature = (c: number) => `${number(temperatureInMetric(c, temperatureMetric))} ${temperatureUnit(temperatureMetric)}`;
  const testId = `asset-${kind}`;
  const dayText = (day: string) => formatDay(day, browserTimeZone());

  const dayTypeChoice = (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <ModelSelect
        kind="ev"
        label={t('loadModels.evModel')}
        value={models.ev}
        onChange={(ev) => setModels((m) => ({ ...m, ev }))}
        testId={`${testId}-ev-model`}
      />
      <ModelSelect
        kind="hp"
        label={t('loadModels.hpModel')}
        value={models.hp}
        onChange={(hp) => setModels((m) => ({ ...m, hp }))}
        testId={`${testId}-hp-model`}
      />
      <TextField
        select
        size="small"
        label={t('loadModels.fields.dayType')}
        value={dayType ?? analysis.data?.day_type ?? ''}
        onChange={(event) => setDayType(event.target.value as ModelDayType)}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-day-type` } }}
      >
        {MODEL_DAY_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`loadPlanning.dayTypes.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );

  if (analysis.isPending) return <Typography sx={{ p: 2 }}>{t('assetDetail.loadingTab')}</Typography>;
  if (!analysis.data) {
    const noDay = analysis.error instanceof ApiRequestError && analysis.error.status === 404;
    return (
      <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
        <Stack spacing={2}>
          {dayTypeChoice}
          <Typography data-testid={`${testId}-no-data`}>{noDay ? t('loadPlanning.noBaseDay') : t('assetDetail.tabFailed')}</Typography>
        </Stack>
      </Paper>
    );
  }
  const a = analysis.data;
  const year = chosenYear ?? a.forecast.at(-1)?.year ?? a.base_year;
  const withHeatPumps = kind === 'hp';
  // The server's one row (the fleet table's too), presented with what each figure means.
  const results: Fact[] = headlineFigures(a.row, { t, number: (value, decimals) => number(value, decimals), day: dayText }).map(
    (figure) => [figure.label, figure.value, figure.definition],
  );
  const measured = inputs.data?.base_load_kva ?? null;
  const explained: Fact[] = [
    [t('loadPlanning.baseDay'), `${dayText(a.base_load_day)} (${t(`loadPlanning.dayTypes.${a.day_type}`)})`],
    [t('assets.columns.rating_kva'), number(a.rating_kva, 0)],
    [t('loadPlanning.capacityKw'), t('loadPlanning.capacityExplained', { capacity: number(a.capacity_kw), pf: number(a.power_factor, 2) })],
    [t('assets.columns.connected_mprns'), number(a.connected_customers, 0)],
    [t('assets.columns.commuter_area'), inputs.data ? t(`assets.values.boolean.${String(inputs.data.commuter_area)}`) : '–'],
    [t('loadPlanning.hoursMeasured'), measured ? `${measured.filter((kva) => kva !== null).length} / 24` : '–'],
    [t('loadPlanning.dayTemperature'), temperature(a.measured_day.mean_temperature_c)],
  ];
  const columns: DataColumn<ForecastYear>[] = [
    { id: 'year', title: t('loadPlanning.year'), cell: (y) => String(y.year) },
    { id: 'evs', title: t('loadPlanning.evCount'), numeric: true, cell: (y) => number(y.ev_count, 0) },
    ...(withHeatPumps
      ? [{ id: 'hps', title: t('loadPlanning.hpCount'), numeric: true, cell: (y: ForecastYear) => number(y.hp_count, 0) }]
      : []),
    {
      id: 'maxEvs',
      title: t('loadPlanning.maxEvs'),
      numeric: true,
      cell: (y) => (y.max_evs === null ? t('loadPlanning.noLimit') : y.max_evs === 0 ? t('loadPlanning.zeroEvs') : number(y.max_evs, 0)),
    },
    { id: 'peak', title: t('loadPlanning.peakKw'), numeric: true, cell: (y) => `${number(y.peak_load_kw)} (${hourText(y.peak_hour)})` },
    { id: 'headroom', title: t('loadPlanning.headroomKw'), numeric: true, cell: (y) => number(y.headroom_kw) },
    { id: 'over', title: t('loadPlanning.overCapacity'), cell: (y) => t(`assets.values.boolean.${String(y.over_capacity)}`) },
  ];
  const extreme = a.extreme_day;
  const extremePeak = extreme ? Math.max(...(extreme.profiles.find((p) => p.year === year)?.total_kw ?? [])) : null;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          {dayTypeChoice}
          <TextField
            select
            size="small"
            label={t('loadPlanning.year')}
            value={year}
            onChange={(event) => setChosenYear(Number(event.target.value))}
            sx={{ minWidth: 120 }}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-year` } }}
          >
            {a.forecast.map((y) => (
              <MenuItem key={y.year} value={y.year}>
                {y.year}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <FactList facts={results} testId={`${testId}-row`} />
        <LoadProfileChart
          day={a.measured_day}
          year={year}
          capacityKw={a.capacity_kw}
          languageTag={languageTag}
          testId={`${testId}-profile`}
          title={t('loadPlanning.measuredTitle', { day: dayText(a.measured_day.day), year })}
        />
        {withHeatPumps && !extreme && (
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-extreme-off`}>
            {t('loadPlanning.extremeOff')}
          </Typography>
        )}
        {extreme && (
          <>
            <Typography component="h3" variant="subtitle1">
              {t('loadPlanning.extremeTitle', { temperature: temperature(extreme.mean_temperature_c) })}
            </Typography>
            <FactList
              testId={`${testId}-extreme`}
              facts={[
                [t('loadPlanning.peakKw'), `${number(extremePeak)} kW`],
                [t('loadPlanning.headroomKw'), `${number(extremePeak === null ? null : a.capacity_kw - extremePeak)} kW`],
              ]}
            />
            <LoadProfileChart
              day={extreme}
              year={year}
              capacityKw={a.capacity_kw}
              languageTag={languageTag}
              testId={`${testId}-extreme-profile`}
              title={t('loadPlanning.coldDayTitle', {
                day: dayText(extreme.day),
                temperature: temperature(extreme.mean_temperature_c),
                year,
              })}
            />
          </>
        )}
        <DataTable
          label={t('loadPlanning.forecastTable', { device: deviceId })}
          columns={columns}
          rows={a.forecast}
          rowKey={(y) => y.year}
          testId={`${testId}-forecast`}
        />
        <Typography component="h3" variant="subtitle1">
          {t('loadPlanning.inputsTitle')}
        </Typography>
        <FactList facts={explained} testId={`${testId}-inputs`} />
      </Stack>
    </Paper>
  );
}
