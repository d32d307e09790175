import type uPlot from 'uplot';
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LossOfLife } from '@gridlens/contract/load-analysis';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, type TemperatureMetric, temperatureUnit } from '@gridlens/domain/temperature';
import { useLossOfLife } from '@/lib/api/load-analysis';
import { axisTimeLabel } from '@/lib/ui/axis-time';
import { ChartPanel } from '@/lib/ui/chart-panel';
import { FactList } from '@/lib/ui/fact-list';
import { HealthIndicatorList } from './health-indicator-list';
import { overloadDisagreement } from './thermal-model';
import type { TimeRange } from '@gridlens/contract/power-readings';

/** What the asset page gives the section: the device, the range in the URL, and the user's formats. */
export interface ThermalHealthProps {
  deviceId: string;
  range: TimeRange;
  languageTag: string;
  timeZone: string;
  temperatureMetric: TemperatureMetric;
}

const PAPERS = ['normal', 'thermally-upgraded'] as const;
type PaperInsulation = (typeof PAPERS)[number];

/** XFRMR Health's thermal part: hot spot and top oil, ageing, loss of life and the health indicators over the range. */
export function ThermalHealth(props: ThermalHealthProps) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<PaperInsulation>('normal');
  const ageing = useLossOfLife(props.deviceId, props.range, paper);
  const row = ageing.data?.transformers[0];
  return (
    <Box data-testid="thermal-health" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h3" variant="h6">
          {t('loadAnalysis.thermal.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('loadAnalysis.thermal.intro')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('loadAnalysis.thermal.paper')}
          value={paper}
          onChange={(event) => setPaper(event.target.value as PaperInsulation)}
          sx={{ minWidth: 240, mb: 2 }}
          data-testid="thermal-paper"
        >
          {PAPERS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`loadAnalysis.thermal.papers.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        {ageing.isPending ? (
          <Typography>{t('assetDetail.loadingTab')}</Typography>
        ) : !ageing.data || !row ? (
          <Typography>{t('loadAnalysis.thermal.failed')}</Typography>
        ) : row.missing === 'no_readings' ? (
          <Typography data-testid="thermal-no-readings">{t('loadAnalysis.thermal.noReadings')}</Typography>
        ) : (
          <ThermalFacts row={row} {...props} />
        )}
      </Paper>
      {ageing.data?.series && row?.missing === null && <ThermalCharts answer={ageing.data} {...props} />}
      {row && (
        <HealthIndicatorList
          indicators={row.indicators}
          forecastYear={row.forecast_year}
          overloadNote={overloadNoteOf(row, props.languageTag, t)}
          {...props}
        />
      )}
    </Box>
  );
}

/** Why the current limit and the risk of overload disagree, when they do (thermal-model.ts). */
function overloadNoteOf(row: LossOfLife['transformers'][number], languageTag: string, t: TFunction) {
  const loading = overloadDisagreement(row);
  return loading === null ? null : t('loadAnalysis.thermal.overloadVersusLimit', { value: formatNumber(loading, languageTag) });
}

function ThermalFacts({ row, languageTag, temperatureMetric }: ThermalHealthProps & { row: LossOfLife['transformers'][number] }) {
  const { t } = useTranslation();
  const number = (value: number | null) => (value === null ? '–' : formatNumber(value, languageTag));
  const temperature = (value: number | null) =>
    value === null ? '–' : `${number(temperatureInMetric(value, temperatureMetric))} ${temperatureUnit(temperatureMetric)}`;
  const ambient = row.ambient_source === null ? '–' : t(`loadAnalysis.thermal.ambientSources.${row.ambient_source}`);
  const facts: [string, string][] = [
    // Which transformer the figures model: its cooling mode (whose parameters they use) and its rating (K's base).
    [
      t('loadAnalysis.thermal.cooling'),
      t(row.cooling_source === 'registry' ? 'loadAnalysis.thermal.coolingFromRegistry' : 'loadAnalysis.thermal.coolingDefault', {
        mode: row.cooling,
      }),
    ],
    [t('loadAnalysis.thermal.rating'), t('loadAnalysis.thermal.ratingFromRegistry', { value: number(row.rating_kva) })],
    [t('loadAnalysis.thermal.lossOfLifeHours'), number(row.loss_of_life_h)],
    [t('loadAnalysis.thermal.lossOfLifeDays'), number(row.loss_of_life_days)],
    [t('loadAnalysis.thermal.equivalentAgeing'), number(row.equivalent_ageing_factor)],
    [t('loadAnalysis.thermal.lossOfLifePercent'), number(row.loss_of_life_percent)],
    [t('loadAnalysis.thermal.maxHotSpot'), temperature(row.max_hot_spot_c)],
    [t('loadAnalysis.thermal.maxTopOil'), temperature(row.max_top_oil_c)],
    [t('loadAnalysis.thermal.maxLoad'), number(row.max_load_pu)],
    [t('loadAnalysis.thermal.maxPhaseLoading'), number(row.max_phase_loading_percent)],
    [
      t('loadAnalysis.thermal.topOilSource'),
      row.measured_top_oil_readings > 0
        ? t('loadAnalysis.thermal.topOilMeasured', { count: row.measured_top_oil_readings })
        : t('loadAnalysis.thermal.topOilModelled'),
    ],
    [
      t('loadAnalysis.thermal.ambientSource'),
      row.ambient_place === 'device' ? ambient : t('loadAnalysis.thermal.ambientNoPlace', { source: ambient }),
    ],
  ];
  return <FactList facts={facts} testId="thermal-facts" />;
}

function ThermalCharts({ answer, deviceId, languageTag, timeZone, temperatureMetric }: ThermalHealthProps & { answer: LossOfLife }) {
  const { t } = useTranslation();
  const dark = useTheme().palette.mode === 'dark';
  // The charts redraw when their `data` is a new array: built once per answer and unit, not on every render.
  const { temperatures, ageingRates, xRange } = useMemo(() => {
    const series = answer.series!;
    const times = series.time.map((time) => Date.parse(time));
    const inUnit = (values: (number | null)[]) => values.map((v) => (v === null ? null : temperatureInMetric(v, temperatureMetric)));
    return {
      temperatures: [times, inUnit(series.hot_spot_c), inUnit(series.top_oil_c), inUnit(series.ambient_c)] as uPlot.AlignedData,
      ageingRates: [times, series.ageing_rate] as uPlot.AlignedData,
      xRange: { fromMs: Date.parse(answer.from), toMs: Date.parse(answer.to) },
    };
  }, [answer, temperatureMetric]);
  const period = `${formatDateTime(xRange.fromMs, timeZone)} – ${formatDateTime(xRange.toMs, timeZone)}`;
  const common = {
    timeLabel: t('assetDetail.timeLabel'),
    xRange,
    syncKey: `thermal-${deviceId}`,
    formatValue: (v: number) => formatNumber(v, languageTag),
    formatTick: (v: number, decimals: number) => formatNumber(v, languageTag, decimals),
    formatTime: (ms: number) => formatDateTime(ms, timeZone),
    formatAxisTime: (ms: number, span: number) => axisTimeLabel(ms, span, timeZone),
  };
  const temperatureTitle = t('loadAnalysis.thermal.temperatureChart', { unit: temperatureUnit(temperatureMetric) });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 520px), 1fr))' }}>
      <ChartPanel
        panelId="thermal-temperatures"
        title={temperatureTitle}
        description={t('assetDetail.chartDescription', { chart: temperatureTitle, period })}
        lines={[
          { label: t('loadAnalysis.thermal.hotSpot'), colour: dark ? '#ff8a80' : '#b3261e', dashed: false },
          { label: t('loadAnalysis.thermal.topOil'), colour: dark ? '#ffcc80' : '#8a5300', dashed: true },
          { label: t('loadAnalysis.thermal.ambient'), colour: dark ? '#82b1ff' : '#0b57d0', dashed: true },
        ]}
        data={temperatures}
        {...common}
      />
      <ChartPanel
        panelId="thermal-ageing"
        title={t('loadAnalysis.thermal.ageingChart')}
        description={t('assetDetail.chartDescription', { chart: t('loadAnalysis.thermal.ageingChart'), period })}
        lines={[{ label: t('loadAnalysis.thermal.ageingRate'), colour: dark ? '#80cbc4' : '#00695c', dashed: false }]}
        data={ageingRates}
        {...common}
      />
    </Box>
  );
}
