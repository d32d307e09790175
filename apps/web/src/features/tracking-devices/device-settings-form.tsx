import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeviceSettingsState } from '@gridlens/contract/tracking-devices';
import { formatDateTime } from '@gridlens/domain/date-format';
import {
  MOTION_SENSITIVITIES,
  REPORTING_INTERVAL_AT_REST_MIN,
  REPORTING_INTERVAL_MOVING_MIN,
  type MotionSensitivity,
  type TrackerSettings,
} from '@gridlens/domain/tracking/tracker-settings';
import { browserTimeZone } from '@/lib/api/config';
import { useUpdateDeviceSettings } from '@/lib/api/tracking-devices';
import { useAppStore } from '@/lib/app-store';

type IntervalField = 'reporting_interval_moving_min' | 'reporting_interval_at_rest_min';
type SwitchField = 'gps_enabled' | 'wifi_scanning_enabled' | 'temperature_reporting_enabled';
const BOUNDS: Record<IntervalField, { min: number; max: number }> = {
  reporting_interval_moving_min: REPORTING_INTERVAL_MOVING_MIN,
  reporting_interval_at_rest_min: REPORTING_INTERVAL_AT_REST_MIN,
};
const SWITCHES: readonly SwitchField[] = ['gps_enabled', 'wifi_scanning_enabled', 'temperature_reporting_enabled'];

/** A tracker's settings: the form starts from the newest pending downlink (else those in force); saving queues a downlink. */
export function DeviceSettingsForm({ state }: { state: DeviceSettingsState }) {
  const { t } = useTranslation();
  const timeZone = browserTimeZone();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const update = useUpdateDeviceSettings(state.device_id);
  const [values, setValues] = useState<TrackerSettings>(() => state.pending.at(-1)?.settings ?? state.settings);
  const [intervals, setIntervals] = useState<Record<IntervalField, string>>({
    reporting_interval_moving_min: String(values.reporting_interval_moving_min),
    reporting_interval_at_rest_min: String(values.reporting_interval_at_rest_min),
  });
  const problemOf = (field: IntervalField) => {
    const value = Number(intervals[field]);
    const { min, max } = BOUNDS[field];
    if (intervals[field].trim() === '' || !Number.isInteger(value)) return t('validation.wholeNumber');
    if (value < min) return t('validation.greaterThan', { value: min - 1 });
    if (value > max) return t('validation.lessThan', { value: max + 1 });
    return null;
  };
  const invalid = problemOf('reporting_interval_moving_min') !== null || problemOf('reporting_interval_at_rest_min') !== null;
  const save = () => {
    if (invalid) return;
    const settings = {
      ...values,
      reporting_interval_moving_min: Number(intervals.reporting_interval_moving_min),
      reporting_interval_at_rest_min: Number(intervals.reporting_interval_at_rest_min),
    };
    update.mutate(settings, { onSuccess: () => showSnackbar(t('trackingDevices.settings.queued')) });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 520 }}
      data-testid="device-settings"
    >
      {state.pending.length > 0 ? (
        <Alert severity="info" data-testid="settings-pending">
          {t('trackingDevices.settings.pending', {
            pending: state.pending.length,
            since: formatDateTime(Date.parse(state.pending[0]?.created_at ?? ''), timeZone),
          })}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="settings-applied">
          {state.applied_at === null
            ? t('trackingDevices.settings.defaults')
            : t('trackingDevices.settings.appliedAt', { time: formatDateTime(Date.parse(state.applied_at), timeZone) })}
        </Typography>
      )}
      {(Object.keys(BOUNDS) as IntervalField[]).map((field) => {
        const problem = problemOf(field);
        return (
          <TextField
            key={field}
            label={t(`trackingDevices.settings.${field}`)}
            value={intervals[field]}
            onChange={(event) => setIntervals({ ...intervals, [field]: event.target.value })}
            error={problem !== null}
            helperText={problem ?? t('trackingDevices.settings.minutesRange', BOUNDS[field])}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `setting-${field}` } }}
          />
        );
      })}
      <TextField
        select
        label={t('trackingDevices.settings.motion_sensitivity')}
        value={values.motion_sensitivity}
        onChange={(event) => setValues({ ...values, motion_sensitivity: event.target.value as MotionSensitivity })}
      >
        {MOTION_SENSITIVITIES.map((level) => (
          <MenuItem key={level} value={level}>
            {t(`trackingDevices.settings.sensitivity.${level}`)}
          </MenuItem>
        ))}
      </TextField>
      {SWITCHES.map((field) => (
        <FormControlLabel
          key={field}
          control={<Switch checked={values[field]} onChange={(event) => setValues({ ...values, [field]: event.target.checked })} />}
          label={t(`trackingDevices.settings.${field}`)}
        />
      ))}
      <Box>
        <Button type="submit" variant="contained" disabled={update.isPending || invalid} data-testid="settings-save">
          {t('trackingDevices.settings.send')}
        </Button>
      </Box>
    </Box>
  );
}
