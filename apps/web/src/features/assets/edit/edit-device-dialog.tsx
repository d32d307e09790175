import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { AssetListItem } from '@gridlens/contract/assets';
import { CONNECTION_TYPES, DEVICE_STATUSES, DEVICE_TYPES } from '@gridlens/domain/power/enumerations';
import { COOLING_MODES } from '@gridlens/domain/thermal/thermal-parameters';
import { ApiRequestError } from '@/lib/api/api-client';
import { useAppStore } from '@/lib/app-store';
import { DayPicker } from '@/lib/ui/day-picker';
import { useUpdateDevice } from '@/lib/api/assets';
import { valueKey } from '../use-asset-display';
import { formValuesOf, REQUIRED_FIELDS, validateChanges, type DeviceFormValues, type EditableField } from './device-form';
import type { FieldProblem } from '@/lib/field-problem';

interface EditDeviceDialogProps {
  /** The device as the assets list shows it. */
  device: AssetListItem;
  onClose: () => void;
}

const NUMERIC_INPUT = { inputMode: 'decimal' } as const;

/** Edit device details (spec §5, §8): required fields marked with an asterisk, the spec's messages, a snackbar on save. */
export default function EditDeviceDialog({ device, onClose }: EditDeviceDialogProps) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const update = useUpdateDevice();
  const [initial] = useState(() => formValuesOf(device));
  const [values, setValues] = useState<DeviceFormValues>(initial);
  const [problems, setProblems] = useState<Partial<Record<EditableField, FieldProblem>>>({});
  const form = useRef<HTMLFormElement>(null);
  /** Shows the problems and puts the keyboard on the first field that has one. */
  const report = (found: Partial<Record<EditableField, FieldProblem>>) => {
    setProblems(found);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const set = (field: EditableField, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const problemText = (field: EditableField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.values) : undefined;
  };
  const text = (field: EditableField, extra: { numeric?: boolean } = {}) => (
    <TextField
      key={field}
      label={t(`assets.columns.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      required={REQUIRED_FIELDS.has(field)}
      error={problems[field] !== undefined}
      helperText={problemText(field)}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { 'data-testid': `edit-${field}`, ...(extra.numeric ? NUMERIC_INPUT : {}) },
      }}
    />
  );
  /** A select; `empty` is the label of its empty choice (none when the field cannot be emptied). */
  const choice = (field: EditableField, options: readonly string[], empty: string | null) => (
    <TextField
      key={field}
      select
      label={t(`assets.columns.${field}`)}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={problems[field] !== undefined}
      helperText={problemText(field)}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `edit-${field}` } }}
    >
      {empty !== null && <MenuItem value="">{empty}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {t(valueKey(field, option))}
        </MenuItem>
      ))}
    </TextField>
  );
  const toggle = (field: EditableField) => (
    <FormControlLabel
      key={field}
      control={<Switch checked={values[field] as boolean} onChange={(event) => set(field, event.target.checked)} />}
      label={t(`assets.columns.${field}`)}
    />
  );

  const save = () => {
    const { changes, problems: found } = validateChanges(initial, values);
    if (Object.keys(found).length > 0) {
      report(found);
      return;
    }
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { deviceId: device.device_id, changes },
      {
        onSuccess: () => {
          showSnackbar(t('messages.deviceSaved'));
          onClose();
        },
        onError: (error) => {
          // The server names the bad fields too (400); the client shows the 'Error' snackbar already.
          if (error instanceof ApiRequestError)
            report(Object.fromEntries(error.details.map((d) => [d.field, { key: 'validation.invalid' }])));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="edit-device-title">
      <DialogTitle id="edit-device-title">{t('assets.edit.title', { device: device.device_id })}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          ref={form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {text('transformer_name')}
          {text('transformer_number')}
          {text('monitor_type')}
          {text('asset_id')}
          {text('rating_kva', { numeric: true })}
          {text('device_voltage_v', { numeric: true })}
          {text('connected_mprns', { numeric: true })}
          <DayPicker
            label={t('assets.columns.installation_date')}
            value={values.installation_date as string}
            onChange={(day) => set('installation_date', day)}
            error={problems.installation_date !== undefined}
            helperText={problemText('installation_date')}
            testId="edit-installation_date"
            fullWidth
          />
          {text('latitude', { numeric: true })}
          {text('longitude', { numeric: true })}
          {choice('device_status', DEVICE_STATUSES, null)}
          {choice('device_type', DEVICE_TYPES, t('assets.edit.none'))}
          {choice('connection_type', CONNECTION_TYPES, t('assets.edit.none'))}
          {/* Not recorded: the thermal model takes ONAN, and the empty choice says so. */}
          {choice('cooling', COOLING_MODES, t(valueKey('cooling', null)))}
          <Box>
            {toggle('commuter_area')}
            {toggle('power_quality_enabled')}
          </Box>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('assets.edit.cancel')}</Button>
        <Button variant="contained" onClick={save} loading={update.isPending} data-testid="edit-save">
          {t('assets.edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
