import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';
import type { AssetListItem } from '@gridlens/contract/assets';
import { formatDateTime, formatDay } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, type TemperatureMetric, temperatureUnit } from '@gridlens/domain/temperature';
import { timeSinceText } from '@/lib/time-since-text';
import { FactList, type Fact } from '@/lib/ui/fact-list';
import { figureAgeText } from '../figure-age';
import { toneOf } from '../asset-filters';
import { valueKey } from '../use-asset-display';

interface AssetHeaderProps {
  item: AssetListItem;
  languageTag: string;
  timeZone: string;
  temperatureMetric: TemperatureMetric;
  nowMs: number;
  /** Absent on the snapshot route, which is for printing. */
  onWatch?: (watch: boolean) => void;
  onEdit?: () => void;
}

/** The palette colour of each tone; neutral chips keep the plain border. */
const TONE_COLOUR = {
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  info: 'info.main',
  neutral: 'text.disabled',
} as const;

/** The asset detail header: the transformer's identity and its current state over the last day (spec §9: assets for 1 day). */
export function AssetHeader({ item, languageTag, timeZone, temperatureMetric, nowMs, onWatch, onEdit }: AssetHeaderProps) {
  const { t } = useTranslation();
  const number = (value: number | null, decimals = 2) => (value === null ? '–' : formatNumber(value, languageTag, decimals));
  const unit = temperatureUnit(temperatureMetric);
  const temperature = (c: number | null) => (c === null ? '–' : `${number(temperatureInMetric(c, temperatureMetric))} ${unit}`);
  // The tone shows in the border and a dot; the text keeps the body colour, which reads in both themes
  // (amber or red text on the dark background fell below the contrast minimum).
  const chip = (group: keyof AssetListItem, value: string | null) => {
    const colour = TONE_COLOUR[toneOf(value)];
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: colour, flexShrink: 0 }} />}
        label={t('assets.filterChip', { chart: t(`assets.columns.${group}`), value: t(valueKey(group, value)) })}
        sx={{ borderColor: colour, color: 'text.primary', '& .MuiChip-icon': { ml: 1 } }}
        data-testid={`state-${group}`}
      />
    );
  };
  const lastMessageMs = item.last_message_at === null ? null : Date.parse(item.last_message_at);
  /** A figure of the latest message with its age when it is not current (figure-age.ts). */
  const aged = (field: string, text: string) => {
    const age = text === '–' ? null : figureAgeText(field, item.last_message_at, nowMs, languageTag);
    return age === null ? text : t('figures.aged', { value: text, age });
  };
  const label = (field: string) => `${t(`assets.columns.${field}`)}${field === 'temperature_max_c' ? ` (${unit})` : ''}`;
  const facts: Fact[] = (
    [
      ['rating_kva', number(item.rating_kva, 0)],
      ['capacity_percent', number(item.capacity_percent)],
      ['utilisation_percent', number(item.utilisation_percent)],
      ['imbalance_percent', number(item.imbalance_percent)],
      ['total_kva', aged('total_kva', number(item.total_kva))],
      ['temperature_max_c', temperature(item.temperature_max_c)],
      ['battery_pct', aged('battery_pct', number(item.battery_pct))],
      ['monitor_type', item.monitor_type],
      ['asset_id', item.asset_id ?? '–'],
      ['transformer_number', item.transformer_number ?? '–'],
      ['device_type', t(valueKey('device_type', item.device_type))],
      ['connection_type', t(valueKey('connection_type', item.connection_type))],
      ['installation_date', item.installation_date ? formatDay(item.installation_date, timeZone) : '–'],
      ['connected_mprns', number(item.connected_mprns, 0)],
      ['commuter_area', t(valueKey('boolean', String(item.commuter_area)))],
    ] as const
  ).map(([field, value]) => [label(field), value]);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="asset-header">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 260 }}>
          <Typography component="h2" variant="h5" data-testid="asset-name">
            {item.transformer_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('assetDetail.identity', { device: item.device_id, status: t(valueKey('device_status', item.device_status)) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="asset-last-message">
            {lastMessageMs === null
              ? t('assetDetail.noMessageYet')
              : t('assetDetail.lastMessage', {
                  time: formatDateTime(lastMessageMs, timeZone),
                  since: timeSinceText(lastMessageMs, nowMs, languageTag),
                })}
          </Typography>
        </Box>
        {onWatch && (
          <Button
            startIcon={item.watchlisted ? <StarIcon /> : <StarBorderIcon />}
            onClick={() => onWatch(!item.watchlisted)}
            data-testid="asset-watch"
          >
            {item.watchlisted ? t('assetDetail.unwatch') : t('assetDetail.watch')}
          </Button>
        )}
        {onEdit && (
          <Button startIcon={<EditIcon />} variant="outlined" onClick={onEdit} data-testid="asset-edit">
            {t('assetDetail.editDetails')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1.5 }}>
        {chip('status_category', item.status_category)}
        {chip('capacity_state', item.capacity_state)}
        {chip('imbalance_state', item.imbalance_state)}
        {chip('communication_state', item.communication_state)}
        {chip('battery_status', item.battery_status)}
        {chip('power_change_state', item.power_change_state)}
      </Box>
      <FactList facts={facts} testId="asset-facts" />
    </Paper>
  );
}
