import type { ReactNode } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AlertOperator } from '@gridlens/domain/alerts/power-alert-rules';
import { useSaveRule, type AlertKind, type AnyAlertRuleBody } from '@/lib/api/alerts';
import { ApiRequestError } from '@/lib/api/api-client';
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';

/** The parts both rule dialogs (power data, tracking) share: the frame, which devices, and the threshold. */

/** A field problem in the user's language (the rule dialogs' helper texts). */
export function useProblemText() {
  const { t } = useTranslation();
  return (problem: FieldProblem | undefined) => (problem === undefined ? undefined : t(problem.key, problem.values));
}

/**
 * Saving a rule, the same in both dialogs: on success a snackbar and the dialog closes. The server knows what the
 * form cannot, whether the device (and the POI) exist in the tenant; such a refusal shows on its field, anything
 * else as the 'Error' snackbar.
 */
export function useRuleSave(
  kind: AlertKind,
  onClose: () => void,
  onServerProblem: (field: 'device' | 'place', problem: FieldProblem) => void,
) {
  const { t } = useTranslation();
  const save = useSaveRule(kind);
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  return {
    saving: save.isPending,
    save: (alertId: string | null, body: AnyAlertRuleBody) =>
      save.mutate(
        { alertId, body },
        {
          onSuccess: () => {
            showSnackbar(t('alerts.saved'));
            onClose();
          },
          onError: (error) => {
            const fields = error instanceof ApiRequestError ? error.details.map((d) => d.field) : [];
            if (fields.includes('device_id')) onServerProblem('device', { key: 'alerts.unknownDevice' });
            else if (fields.includes('location_id')) onServerProblem('place', { key: 'alerts.tracking.unknownLocation' });
            else showSnackbar(t('errors.error'));
          },
        },
      ),
  };
}

interface FrameProps {
  editing: boolean;
  onClose: () => void;
  onSubmit: () => void;
  saving: boolean;
  notifyOnClear: boolean;
  onNotifyOnClear: (notify: boolean) => void;
  /** The fields between the devices and the "also email when it clears" box. */
  children: ReactNode;
}

/** A rule dialog: title, the fields as a form (Enter saves), the clear-email box, Cancel and Save. */
export function RuleDialogFrame({ editing, onClose, onSubmit, saving, notifyOnClear, onNotifyOnClear, children }: FrameProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} aria-labelledby="alert-rule-title" fullWidth maxWidth="sm">
      <DialogTitle id="alert-rule-title">{editing ? t('alerts.editRule') : t('alerts.newRule')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(event) => (event.preventDefault(), onSubmit())}>
          {children}
          <FormControlLabel
            control={<Checkbox checked={notifyOnClear} onChange={(event) => onNotifyOnClear(event.target.checked)} />}
            label={t('alerts.notifyOnClear')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alerts.cancel')}</Button>
        <Button variant="contained" onClick={onSubmit} disabled={saving} data-testid="save-rule">
          {t('alerts.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface RuleSelectProps<Choice extends string> {
  label: string;
  /** The test id of the select's button, which the browser tests open. */
  testId: string;
  choices: readonly Choice[];
  choiceLabel: (choice: Choice) => string;
  value: Choice | '';
  onChoose: (choice: Choice) => void;
  error: boolean;
  helperText?: string | undefined;
  minWidth?: number;
}

/** A required select among a rule's choices (what it watches, how it compares). */
function RuleSelect<Choice extends string>({
  label,
  testId,
  choices,
  choiceLabel,
  value,
  onChoose,
  error,
  helperText,
  minWidth,
}: RuleSelectProps<Choice>) {
  return (
    <TextField
      select
      required
      label={label}
      value={value}
      onChange={(event) => onChoose(event.target.value as Choice)}
      error={error}
      helperText={helperText}
      sx={minWidth === undefined ? undefined : { minWidth }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choiceLabel(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface TriggerProps<Field extends string> {
  fields: readonly Field[];
  fieldLabel: (field: Field) => string;
  field: Field | '';
  onField: (field: Field) => void;
  /** The field's problem, else a help line for the chosen field, if any. */
  helperText?: string | undefined;
  error: boolean;
}

/** What a rule watches: one select of the kind's trigger fields, in both rule dialogs. */
export function TriggerField<Field extends string>({ fields, fieldLabel, field, onField, helperText, error }: TriggerProps<Field>) {
  const { t } = useTranslation();
  return (
    <RuleSelect
      label={t('alerts.field')}
      testId="rule-field"
      choices={fields}
      choiceLabel={fieldLabel}
      value={field}
      onChoose={onField}
      error={error}
      helperText={helperText}
    />
  );
}

interface ThresholdProps {
  operators: readonly AlertOperator[];
  operator: AlertOperator | '';
  onOperator: (operator: AlertOperator) => void;
  operatorError?: string | undefined;
  value: string;
  onValue: (value: string) => void;
  valueError?: string | undefined;
  /** The unit typed in, once a field is chosen. */
  unit: string | null;
}

/** The comparison and the value it is made with, side by side. */
export function ThresholdFields({ operators, operator, onOperator, operatorError, value, onValue, valueError, unit }: ThresholdProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2}>
      <RuleSelect
        label={t('alerts.operator')}
        testId="rule-operator"
        choices={operators}
        choiceLabel={(choice) => choice}
        value={operator}
        onChoose={onOperator}
        error={Boolean(operatorError)}
        helperText={operatorError}
        minWidth={140}
      />
      <TextField
        required
        fullWidth
        label={t('alerts.value')}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        error={Boolean(valueError)}
        helperText={valueError}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': 'rule-value' },
          input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
        }}
      />
    </Stack>
  );
}

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
