import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import type { HealthIndicatorAnswer, HealthTriggerAnswer } from '@gridlens/contract/load-analysis';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, temperatureUnit, type TemperatureMetric } from '@gridlens/domain/temperature';

const TEMPERATURE_FIGURES = new Set<HealthTriggerAnswer['figure']>(['hot-spot-c', 'top-oil-c', 'tank-temperature-c']);

interface Props {
  indicators: HealthIndicatorAnswer[];
  /** The year whose EV and heat-pump load the forecast figures add; null: no forecast. */
  forecastYear: number | null;
  /** Shown under the risk of overload: why it disagrees with the current limit, or null when it does not. */
  overloadNote?: string | null;
  languageTag: string;
  timeZone: string;
  temperatureMetric: TemperatureMetric;
}

/** Spec §4's health indicators, each with what triggered it: the figure, its value against the threshold, and when. */
export function HealthIndicatorList({ indicators, forecastYear, overloadNote = null, languageTag, timeZone, temperatureMetric }: Props) {
  const { t } = useTranslation();
  // Temperatures in the user's unit; every other figure carries its unit in its name.
  const shown = (figure: HealthTriggerAnswer['figure'], value: number | null) =>
    value === null
      ? '–'
      : TEMPERATURE_FIGURES.has(figure)
        ? `${formatNumber(temperatureInMetric(value, temperatureMetric), languageTag)} ${temperatureUnit(temperatureMetric)}`
        : formatNumber(value, languageTag);
  const triggerText = (trigger: HealthTriggerAnswer) => {
    const values = {
      figure: t(`loadAnalysis.thermal.figures.${trigger.figure}`),
      value: shown(trigger.figure, trigger.value),
      threshold: shown(trigger.figure, trigger.threshold),
    };
    const text =
      trigger.at === null
        ? t('loadAnalysis.thermal.trigger', values)
        : t('loadAnalysis.thermal.triggerAt', { ...values, time: formatDateTime(Date.parse(trigger.at), timeZone) });
    return trigger.basis === 'forecast' ? `${text} (${t('loadAnalysis.thermal.forecast')})` : text;
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('loadAnalysis.thermal.indicatorsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="health-forecast-basis">
        {forecastYear === null ? t('loadAnalysis.thermal.noForecast') : t('loadAnalysis.thermal.forecastBasis', { year: forecastYear })}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }} data-testid="health-indicators">
        {indicators.map((indicator) => (
          <Box component="li" key={indicator.kind} data-testid={`indicator-${indicator.kind}`} data-triggered={indicator.triggered}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {indicator.triggered && <WarningAmberIcon fontSize="small" color="warning" aria-hidden />}
              <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
                {t(`loadAnalysis.thermal.indicators.${indicator.kind}`)}
              </Typography>
              <Typography variant="body2" component="span">
                {indicator.triggered ? t('loadAnalysis.thermal.triggered') : t('loadAnalysis.thermal.notTriggered')}
              </Typography>
            </Box>
            {indicator.triggers.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 4 }}>
                {indicator.triggers.map((trigger, i) => (
                  <Typography component="li" variant="body2" key={`${trigger.figure}-${i}`}>
                    {triggerText(trigger)}
                  </Typography>
                ))}
              </Box>
            )}
            {indicator.kind === 'risk-of-overload' && overloadNote && (
              <Typography variant="body2" color="text.secondary" sx={{ pl: 4 }} data-testid="overload-note">
                {overloadNote}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
