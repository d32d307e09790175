import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useModels, type AnyModel, type ModelKind } from '@/lib/api/load-models';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { MODEL_FIELDS } from './model-field-list';
import { modelName } from '@/lib/model-name';
import { useModelText } from './model-text';

/** The figures each list shows beside the name: how many have one today, how fast that grows, and the main mix. */
const KEY_FIELDS: Record<ModelKind, readonly string[]> = {
  ev: ['currentEvSharePercent', 'evShareOfSalesPercent', 'chargeDurationWeekdayHours', 'charger7kwPercent'],
  hp: ['currentHeatPumpSharePercent', 'installingPercentPerYear', 'hybridPercent', 'extremeScenario'],
};

interface Props {
  kind: ModelKind;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onCreate: () => void;
}

/** One kind's models with their key figures; a model's name opens its detail, the button a new model's form. */
export function ModelList({ kind, selectedId, onSelect, onCreate }: Props) {
  const { t } = useTranslation();
  const models = useModels(kind);
  const text = useModelText();
  const titleId = `${kind}-models-title`;
  const keySpecs = KEY_FIELDS[kind].flatMap((field) => MODEL_FIELDS[kind].filter((spec) => spec.field === field));
  const columns: DataColumn<AnyModel>[] = [
    {
      id: 'name',
      title: t('loadModels.fields.name'),
      cell: (model) => (
        <Link
          component="button"
          type="button"
          onClick={() => onSelect(model.id)}
          aria-current={model.id === selectedId ? 'true' : undefined}
          sx={{ fontWeight: model.id === selectedId ? 700 : undefined, textAlign: 'left' }}
        >
          {modelName(t, kind, model.name)}
        </Link>
      ),
    },
    ...keySpecs.map((spec): DataColumn<AnyModel> => ({
      id: spec.field,
      title: text.label(spec.field),
      numeric: spec.type === 'number',
      cell: (model) => text.value(spec, model),
    })),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby={titleId} data-testid={`${kind}-models`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {kind === 'ev' ? t('loadModels.evModels') : t('loadModels.hpModels')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate} data-testid={`new-${kind}-model`}>
          {kind === 'ev' ? t('loadModels.newEvModel') : t('loadModels.newHpModel')}
        </Button>
      </Box>
      {models.isError && <LoadFailed onRetry={() => void models.refetch()} />}
      {models.isPending ? (
        <Typography>{t('loadModels.loading')}</Typography>
      ) : models.data ? (
        <DataTable
          label={kind === 'ev' ? t('loadModels.evModels') : t('loadModels.hpModels')}
          columns={columns}
          rows={models.data}
          rowKey={(model) => model.id}
          testId={`${kind}-model-table`}
        />
      ) : null}
    </Paper>
  );
}
