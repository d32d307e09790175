import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DEFAULT_EV_MODEL_NAME, DEFAULT_HP_MODEL_NAME, DEFAULT_MODEL_ID, seededModel } from '@gridlens/domain/load-models/model-defaults';
import { useTranslation } from 'react-i18next';
import { useModels, type ModelKind } from '@/lib/api/load-models';
import { modelName } from '@/lib/model-name';

interface ModelSelectProps {
  kind: ModelKind;
  label: string;
  /** A model's id, or `default` for the tenant's seeded model (shown as that model once the list is in). */
  value: string;
  onChange: (id: string) => void;
  testId: string;
}

/** A choice of the tenant's EV or heat-pump models (the EV modelling screen's lists), for the analyses that run them. */
export function ModelSelect({ kind, label, value, onChange, testId }: ModelSelectProps) {
  const { t } = useTranslation();
  const models = useModels(kind);
  const list = models.data ?? [];
  const defaultName = kind === 'ev' ? DEFAULT_EV_MODEL_NAME : DEFAULT_HP_MODEL_NAME;
  const seeded = seededModel(list, defaultName);
  const shown = value === DEFAULT_MODEL_ID ? (seeded?.id ?? '') : value;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={list.some((m) => m.id === shown) ? shown : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {list.map((m) => (
        <MenuItem key={m.id} value={m.id}>
          {modelName(t, kind, m.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
