import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { TIME_RANGES, type TimeRange } from '@gridlens/contract/power-readings';

interface TimeRangeSelectProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
}

/** The time ranges of spec §9. */
export function TimeRangeSelect({ value, onChange }: TimeRangeSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('timeRanges.label')}
      value={value}
      onChange={(event) => onChange(event.target.value as TimeRange)}
      sx={{ minWidth: 160 }}
      data-testid="time-range"
    >
      {TIME_RANGES.map((range) => (
        <MenuItem key={range} value={range}>
          {t(`timeRanges.${range}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The range in the URL (?range=), or the default: a week shows the daily shape and the week's peaks. */
export const DEFAULT_RANGE: TimeRange = '7d';
export const rangeOf = (text: string | null): TimeRange => (TIME_RANGES.includes(text as TimeRange) ? (text as TimeRange) : DEFAULT_RANGE);
