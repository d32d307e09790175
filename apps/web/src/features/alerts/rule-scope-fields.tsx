import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface Props<Type extends string> {
  deviceIds: readonly string[];
  /** How a device is offered (its id, or its id and name). */
  deviceLabel?: (deviceId: string) => string;
  deviceId: string;
  onDeviceId: (deviceId: string) => void;
  deviceError?: string | undefined;
  deviceTypes: readonly Type[];
  typeLabel: (type: Type) => string;
  deviceType: Type | '';
  onDeviceType: (type: Type | '') => void;
}

// Thousands of devices: show the first 50 matches of what is typed.
const filterDevices = createFilterOptions<string>({ limit: 50 });

/** Which devices a rule watches, in both rule dialogs: one device, or (left empty) every device, of a type if chosen. */
export function RuleScopeFields<Type extends string>({
  deviceIds,
  deviceLabel,
  deviceId,
  onDeviceId,
  deviceError,
  deviceTypes,
  typeLabel,
  deviceType,
  onDeviceType,
}: Props<Type>) {
  const { t } = useTranslation();
  return (
    <>
      <Autocomplete
        options={deviceIds}
        filterOptions={filterDevices}
        {...(deviceLabel ? { getOptionLabel: deviceLabel } : {})}
        value={deviceId === '' ? null : deviceId}
        onChange={(_event, next) => onDeviceId(next ?? '')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('alerts.device')}
            placeholder={t('alerts.allDevices')}
            error={Boolean(deviceError)}
            helperText={deviceError ?? t('alerts.deviceHelp')}
            // The label stays up so the placeholder says what an empty device means.
            slotProps={{
              ...params.slotProps,
              inputLabel: { ...params.slotProps.inputLabel, shrink: true },
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'rule-device' },
            }}
          />
        )}
      />
      {deviceId === '' && (
        <TextField
          select
          label={t('alerts.deviceType')}
          value={deviceType}
          onChange={(event) => onDeviceType(event.target.value as Type | '')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('alerts.anyDeviceType')}</MenuItem>
          {deviceTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {typeLabel(type)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
