import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@/lib/api/api-client';
import { useSaveModel, type AnyModel, type ModelKind } from '@/lib/api/load-models';
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';
import { MODEL_FIELDS, type ModelFieldSpec } from './model-field-list';
import { modelFormValues, validateModel, withField, type ModelFormValues, type ModelProblems } from './model-form';
import { modelName, storedName } from '@/lib/model-name';
import { choiceKey, useModelText } from './model-text';

interface Props {
  kind: ModelKind;
  /** The model to edit, or null for a new one (starting from the defaults). */
  model: AnyModel | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}

/** Create or edit an EV or HP model, checked as the server checks it (spec §5 messages); the name is required. */
export default function ModelFormDialog({ kind, model, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const text = useModelText();
  // The seeded model's name is shown in the user's language; left so, it stays the seeded name (model-text.ts).
  const [values, setValues] = useState<ModelFormValues>(() =>
    modelFormValues(kind, model, text.metric, (name) => modelName(t, kind, name)),
  );
  const [problems, setProblems] = useState<ModelProblems>({});
  const save = useSaveModel(kind);
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const problemText = (problem: FieldProblem | undefined) => (problem ? t(problem.key, problem.values) : undefined);
  const set = (field: string, value: string | boolean) => setValues((old) => withField(old, field, value));

  const submit = () => {
    const { body, problems: found } = validateModel(kind, values, text.metric);
    setProblems(found);
    if (!body) return;
    save.mutate(
      { id: model?.id ?? null, body: { ...body, name: storedName(t, kind, model?.name ?? null, body.name) } },
      {
        onSuccess: (saved) => {
          showSnackbar(t('loadModels.saved'));
          onSaved(saved.id);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 409 && error.details.some((d) => d.field === 'name'))
            setProblems({ name: { key: 'loadModels.nameTaken' } });
          else showSnackbar(t('errors.error'));
        },
      },
    );
  };

  const field = (spec: ModelFieldSpec) => {
    const problem = problemText(problems[spec.field]);
    const common = { key: spec.field, label: text.label(spec.field), error: Boolean(problem), helperText: problem, fullWidth: true };
    if (spec.type === 'switch')
      return (
        <FormControlLabel
          key={spec.field}
          label={text.label(spec.field)}
          control={
            <Switch
              checked={values[spec.field] === true}
              onChange={(event) => set(spec.field, event.target.checked)}
              slotProps={{ input: { 'data-testid': `model-${spec.field}` } as object }}
            />
          }
        />
      );
    if (spec.type === 'choice')
      return (
        <TextField
          {...common}
          select
          required
          value={values[spec.field]}
          onChange={(event) => set(spec.field, event.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': `model-${spec.field}` } as object } }}
        >
          {spec.choices.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(choiceKey(choice))}
            </MenuItem>
          ))}
        </TextField>
      );
    return (
      <TextField
        {...common}
        required
        value={values[spec.field]}
        onChange={(event) => set(spec.field, event.target.value)}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': `model-${spec.field}` },
          input: { endAdornment: <InputAdornment position="end">{text.unitOf(spec)}</InputAdornment> },
        }}
      />
    );
  };

  const title =
    model === null
      ? kind === 'ev'
        ? t('loadModels.newEvModel')
        : t('loadModels.newHpModel')
      : kind === 'ev'
        ? t('loadModels.editEvModel')
        : t('loadModels.editHpModel');
  return (
    <Dialog open onClose={onClose} aria-labelledby="model-form-title" fullWidth maxWidth="md">
      <DialogTitle id="model-form-title">{title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="model-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ pt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
        >
          <TextField
            required
            fullWidth
            autoFocus
            label={t('loadModels.fields.name')}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            error={Boolean(problems.name)}
            helperText={problemText(problems.name)}
            sx={{ gridColumn: '1 / -1' }}
            slotProps={{ htmlInput: { 'data-testid': 'model-name' } }}
          />
          {MODEL_FIELDS[kind].map(field)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('loadModels.cancel')}</Button>
        <Button type="submit" form="model-form" variant="contained" disabled={save.isPending} data-testid="save-model">
          {t('loadModels.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
