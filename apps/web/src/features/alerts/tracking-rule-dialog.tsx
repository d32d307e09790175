import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TrackingAlertRule } from '@gridlens/contract/tracking-alerts';
import {
  isLocationField,
  TRACKING_ALERT_FIELDS,
  TRACKING_FIELD_OPERATORS,
  type TrackingAlertField,
} from '@gridlens/domain/alerts/tracking-alert-rules';
import { LOCATION_TYPES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { useSaveRule } from '@/lib/api/alerts';
import { ApiRequestError } from '@/lib/api/api-client';
import { useLocations, useTrackedDevices } from '@/lib/api/tracking';
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';
import { unitOf, useAlertText } from './alert-text';
import { RuleScopeFields } from './rule-scope-fields';
import {
  emptyTrackingRule,
  placeOfType,
  trackingFormValuesOf,
  validateTrackingRule,
  withField,
  type TrackingRuleFormValues,
} from './tracking-rule-form';

interface Props {
  /** The rule to edit, or null for a new one. */
  rule: TrackingAlertRule | null;
  onClose: () => void;
}

type Problems = Partial<Record<'device' | 'field' | 'operator' | 'value' | 'place', FieldProblem | string>>;

/** Create or edit a tracking alert rule: arrival, departure, low battery, no message, static (docs/decisions.md). */
export default function TrackingRuleDialog({ rule, onClose }: Props) {
  const { t } = useTranslation();
  const { metric } = useAlertText();
  const [values, setValues] = useState<TrackingRuleFormValues>(rule ? trackingFormValuesOf(rule) : emptyTrackingRule);
  const [problems, setProblems] = useState<Problems>({});
  const devices = useTrackedDevices();
  const locations = useLocations();
  const save = useSaveRule('tracking');
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const deviceIds = useMemo(() => (devices.data ?? []).map((d) => d.device_id), [devices.data]);
  const deviceName = useMemo(() => new Map((devices.data ?? []).map((d) => [d.device_id, d.name])), [devices.data]);
  const set = <K extends keyof TrackingRuleFormValues>(key: K, value: TrackingRuleFormValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  const message = (problem: FieldProblem | string | undefined) =>
    problem === undefined ? undefined : typeof problem === 'string' ? problem : t(problem.key, problem.values);
  const byPlace = values.field !== '' && isLocationField(values.field);

  const submit = () => {
    const { body, problems: found } = validateTrackingRule(values);
    setProblems(found);
    if (!body) return;
    save.mutate(
      { alertId: rule?.alert_id ?? null, body },
      {
        onSuccess: () => {
          showSnackbar(t('alerts.saved'));
          onClose();
        },
        onError: (error) => {
          // The server knows what the form cannot: whether the device and the POI exist in the tenant.
          const fields = error instanceof ApiRequestError ? error.details.map((d) => d.field) : [];
          if (fields.includes('device_id')) setProblems({ device: t('alerts.unknownDevice') });
          else if (fields.includes('location_id')) setProblems({ place: t('alerts.tracking.unknownLocation') });
          else showSnackbar(t('errors.error'));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="alert-rule-title" fullWidth maxWidth="sm">
      <DialogTitle id="alert-rule-title">{rule ? t('alerts.editRule') : t('alerts.newRule')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(event) => (event.preventDefault(), submit())}>
          <RuleScopeFields
            deviceIds={deviceIds}
            deviceLabel={(id) => (deviceName.has(id) ? `${id} · ${deviceName.get(id) ?? ''}` : id)}
            deviceId={values.deviceId}
            onDeviceId={(id) => set('deviceId', id)}
            deviceError={message(problems.device)}
            deviceTypes={TRACKER_TYPES}
            typeLabel={(type) => t(`alerts.tracking.deviceTypes.${type}`)}
            deviceType={values.deviceType}
            onDeviceType={(type) => set('deviceType', type)}
          />
          <TextField
            select
            required
            label={t('alerts.field')}
            value={values.field}
            onChange={(event) => setValues((old) => withField(old, event.target.value as TrackingAlertField))}
            error={Boolean(problems.field)}
            helperText={message(problems.field) ?? (values.field === '' ? undefined : t(`alerts.tracking.help.${values.field}`))}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rule-field' } as object } }}
          >
            {TRACKING_ALERT_FIELDS.map((field) => (
              <MenuItem key={field} value={field}>
                {t(`alerts.tracking.fieldNames.${field}`)}
              </MenuItem>
            ))}
          </TextField>
          {byPlace ? (
            <TextField
              select
              required
              label={t('alerts.tracking.place')}
              value={values.place}
              onChange={(event) => set('place', event.target.value)}
              error={Boolean(problems.place)}
              helperText={message(problems.place)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rule-place' } as object } }}
            >
              <ListSubheader>{t('alerts.tracking.locationTypesTitle')}</ListSubheader>
              {LOCATION_TYPES.map((type) => (
                <MenuItem key={type} value={placeOfType(type)}>
                  {t('alerts.tracking.anyOfType', { type: t(`alerts.tracking.locationTypes.${type}`) })}
                </MenuItem>
              ))}
              <ListSubheader>{t('alerts.tracking.locationsTitle')}</ListSubheader>
              {(locations.data ?? []).map((location) => (
                <MenuItem key={location.LocationID} value={location.LocationID}>
                  {location.FullName}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Stack direction="row" spacing={2}>
              <TextField
                select
                required
                label={t('alerts.operator')}
                value={values.operator}
                onChange={(event) => set('operator', event.target.value as TrackingRuleFormValues['operator'])}
                error={Boolean(problems.operator)}
                helperText={message(problems.operator)}
                sx={{ minWidth: 140 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rule-operator' } as object } }}
              >
                {(values.field === '' ? [] : TRACKING_FIELD_OPERATORS[values.field]).map((operator) => (
                  <MenuItem key={operator} value={operator}>
                    {operator}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                required
                fullWidth
                label={t('alerts.value')}
                value={values.value}
                onChange={(event) => set('value', event.target.value)}
                error={Boolean(problems.value)}
                helperText={message(problems.value)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', 'data-testid': 'rule-value' },
                  input: values.field
                    ? { endAdornment: <InputAdornment position="end">{unitOf(values.field, metric)}</InputAdornment> }
                    : {},
                }}
              />
            </Stack>
          )}
          <FormControlLabel
            control={<Checkbox checked={values.notifyOnClear} onChange={(event) => set('notifyOnClear', event.target.checked)} />}
            label={t('alerts.notifyOnClear')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alerts.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="save-rule">
          {t('alerts.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
