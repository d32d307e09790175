import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { OPERATING_MODES, type HydrogenSensorConfig, type HydrogenSensorConfigBody } from '@gridlens/contract/power-quality';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { HYDROGEN_OPERATION, HYDROGEN_SENSOR_STATUS, OIL_TYPES, SENSOR_LOCATIONS, SENSOR_TYPES } from '@gridlens/domain/power/enumerations';
import { isReadyHydrogenStatus } from '@gridlens/domain/power/hydrogen-trend';
import { temperatureInMetric, temperatureUnit } from '@gridlens/domain/temperature';
import { useAppStore } from '@/lib/app-store';
import { useHydrogen, useSaveSensorConfig, useSensorConfig } from '@/lib/api/power-quality';
import { axisTimeLabel } from '@/lib/ui/axis-time';
import { ChartPanel } from '@/lib/ui/chart-panel';
import { FactList } from '@/lib/ui/fact-list';
import { enumKey } from '@/lib/enum-key';
import type { TabProps } from './tab-display';

const CONFIG_FIELDS = [
  { field: 'oil_type', values: OIL_TYPES, group: 'oilTypes' },
  { field: 'operating_mode', values: OPERATING_MODES, group: 'operatingModes' },
  { field: 'sensor_type', values: SENSOR_TYPES, group: 'sensorTypes' },
  { field: 'sensor_location', values: SENSOR_LOCATIONS, group: 'sensorLocations' },
] as const;

interface HealthTabProps extends TabProps {
  /** The thermal part of transformer health (load analysis's), shown below the hydrogen chart: the asset page passes it in. */
  thermal: ReactNode;
}

/** XFRMR Health: the dissolved-hydrogen sensor (spec §3 transformer health, §4 status and operation codes). */
export function HealthTab({ deviceId, range, languageTag, timeZone, temperatureMetric, thermal }: HealthTabProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const hydrogen = useHydrogen(deviceId, range);
  const number = (value: number | null, decimals = 2) => (value === null ? '–' : formatNumber(value, languageTag, decimals));
  const unit = temperatureUnit(temperatureMetric);

  if (hydrogen.isPending) return <Typography sx={{ p: 2 }}>{t('assetDetail.loadingTab')}</Typography>;
  if (!hydrogen.data) return <Typography sx={{ p: 2 }}>{t('assetDetail.tabFailed')}</Typography>;
  const { readings, summary } = hydrogen.data;
  const latest = summary.latest;
  // As the server's maximum and trend: only Ready readings (status 2 or 3) measure hydrogen.
  const ready = readings.filter((r) => r.h2_ppm !== null && isReadyHydrogenStatus(r.status));
  const xRange = { fromMs: Date.parse(hydrogen.data.from), toMs: Date.parse(hydrogen.data.to) };
  const facts: [string, string][] = [
    ['status', latest ? t(`powerQuality.health.statuses.${latest.status}`, { defaultValue: String(latest.status) }) : '–'],
    ['operation', latest ? t(`powerQuality.health.operations.${latest.operation}`, { defaultValue: String(latest.operation) }) : '–'],
    ['latestH2', latest ? number(latest.h2_ppm) : '–'],
    ['maxH2', number(summary.max_h2_ppm)],
    ['rate', number(summary.rate_of_change_ppm_per_day)],
    [
      'oilTemperature',
      latest?.oil_temperature_c == null ? '–' : `${number(temperatureInMetric(latest.oil_temperature_c, temperatureMetric))} ${unit}`,
    ],
    ['readings', number(summary.reading_count, 0)],
  ];

  return (
    <Box data-testid="asset-health" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
          {t('powerQuality.health.sensorTitle')}
        </Typography>
        {latest === null ? (
          <Typography data-testid="health-no-data">{t('messages.noData')}</Typography>
        ) : (
          <FactList facts={facts.map(([key, text]) => [t(`powerQuality.health.${key}`), text])} testId="health-facts" />
        )}
      </Paper>
      {ready.length > 0 && (
        <ChartPanel
          panelId="hydrogen"
          title={t('powerQuality.health.chartTitle')}
          description={t('assetDetail.chartDescription', {
            chart: t('powerQuality.health.chartTitle'),
            period: `${formatDateTime(xRange.fromMs, timeZone)} – ${formatDateTime(xRange.toMs, timeZone)}`,
          })}
          lines={[{ label: t('powerQuality.health.h2'), colour: theme.palette.mode === 'dark' ? '#80cbc4' : '#00695c', dashed: false }]}
          timeLabel={t('assetDetail.timeLabel')}
          data={[ready.map((r) => Date.parse(r.time)), ready.map((r) => r.h2_ppm)]}
          xRange={xRange}
          syncKey={`hydrogen-${deviceId}`}
          formatValue={(v) => number(v)}
          formatTick={(v, decimals) => number(v, decimals)}
          formatTime={(ms) => formatDateTime(ms, timeZone)}
          formatAxisTime={(ms, span) => axisTimeLabel(ms, span, timeZone)}
        />
      )}
      {thermal}
      <SensorConfig deviceId={deviceId} timeZone={timeZone} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
          {t('powerQuality.health.codesTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}>
          {(['statuses', 'operations'] as const).map((group) => (
            <Box key={group}>
              <Typography variant="subtitle2" component="h4">
                {t(`powerQuality.health.${group}Title`)}
              </Typography>
              <Box component="dl" sx={{ m: 0 }} data-testid={`codes-${group}`}>
                {Object.keys(group === 'statuses' ? HYDROGEN_SENSOR_STATUS : HYDROGEN_OPERATION).map((code) => (
                  <Box key={code} sx={{ display: 'flex', gap: 1 }}>
                    <Typography component="dt" variant="body2" sx={{ minWidth: 24, fontVariantNumeric: 'tabular-nums' }}>
                      {code}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {t(`powerQuality.health.${group}.${code}`)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}

/** The sensor's configuration (oil type, operating mode, sensor type and location), editable. */
function SensorConfig({ deviceId, timeZone }: { deviceId: string; timeZone: string }) {
  const { t } = useTranslation();
  const config = useSensorConfig(deviceId);
  if (config.isPending) return null;
  if (!config.data)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography>{t('powerQuality.health.configFailed')}</Typography>
      </Paper>
    );
  return <SensorConfigForm key={config.data.updated_at ?? 'default'} deviceId={deviceId} timeZone={timeZone} config={config.data} />;
}

function SensorConfigForm({ deviceId, timeZone, config }: { deviceId: string; timeZone: string; config: HydrogenSensorConfig }) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const save = useSaveSensorConfig(deviceId);
  const [values, setValues] = useState<HydrogenSensorConfigBody>({
    oil_type: config.oil_type,
    operating_mode: config.operating_mode,
    sensor_type: config.sensor_type,
    sensor_location: config.sensor_location,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => showSnackbar(t('powerQuality.health.saved')),
      onError: () => showSnackbar(t('errors.error')),
    });
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      onSubmit={submit}
      aria-labelledby="sensor-config-title"
      data-testid="sensor-config"
    >
      <Typography id="sensor-config-title" component="h3" variant="h6">
        {t('powerQuality.health.configTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {config.is_default || config.updated_at === null
          ? t('powerQuality.health.configDefaults')
          : t('powerQuality.health.configSaved', {
              time: formatDateTime(Date.parse(config.updated_at), timeZone),
              user: config.updated_by ?? '–',
            })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {CONFIG_FIELDS.map(({ field, values: options, group }) => (
          <TextField
            key={field}
            select
            size="small"
            label={t(`powerQuality.health.${field}`)}
            value={values[field]}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
            sx={{ minWidth: 180 }}
            data-testid={`config-${field}`}
          >
            {options.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`powerQuality.health.${group}.${enumKey(option)}`)}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="config-save">
          {t('powerQuality.health.save')}
        </Button>
      </Box>
    </Paper>
  );
}
