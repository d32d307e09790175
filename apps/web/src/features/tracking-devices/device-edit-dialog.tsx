import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TrackedDevice } from '@gridlens/contract/tracking';
import { TRACKER_TYPES, type TrackerType } from '@gridlens/domain/tracking/enumerations';
import { ApiRequestError } from '@/lib/api/api-client';
import { useUpdateDevice } from '@/lib/api/tracking-devices';
import { useAppStore } from '@/lib/app-store';
import { valueText } from './use-device-text';

const NAME_MAX = 50;

/** Edits a tracker's name, type and tags (spec §8 'Device Details Successfully Saved!'). */
export function DeviceEditDialog({ device, onClose }: { device: TrackedDevice; onClose: () => void }) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const update = useUpdateDevice(device.device_id);
  const [name, setName] = useState(device.name);
  const [type, setType] = useState<TrackerType>(device.device_type);
  const [tags, setTags] = useState<string[]>(device.tags);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const nameProblem = name.trim() === '' ? t('validation.required') : name.trim().length >= NAME_MAX ? t('validation.nameTooLong') : null;

  const save = () => {
    if (nameProblem) return;
    update.mutate(
      { name: name.trim(), device_type: type, tags },
      {
        onSuccess: () => {
          showSnackbar(t('messages.deviceSaved'));
          onClose();
        },
        onError: (error) => setServerProblem(error instanceof ApiRequestError ? error.message : t('validation.invalid')),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DialogTitle>{t('trackingDevices.edit.title', { device: device.device_id })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            label={t('trackingDevices.columns.name')}
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            error={nameProblem !== null}
            helperText={nameProblem ?? ' '}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'edit-name' } }}
          />
          <TextField
            select
            label={t('trackingDevices.columns.device_type')}
            value={type}
            onChange={(event) => setType(event.target.value as TrackerType)}
          >
            {TRACKER_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {valueText(t, 'device_type', value)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            freeSolo
            options={[]}
            value={tags}
            onChange={(_event, value) =>
              setTags(
                value
                  .map((v) => v.trim())
                  .filter((v) => v !== '')
                  .slice(0, 20),
              )
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('trackingDevices.columns.tags')}
                helperText={serverProblem ?? t('trackingDevices.edit.tagsHelp')}
                error={serverProblem !== null}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'edit-tags', maxLength: 30 } }}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('trackingDevices.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={update.isPending} data-testid="edit-save">
            {t('trackingDevices.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
