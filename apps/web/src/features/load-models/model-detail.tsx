import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { useDeleteModel, useModels, type ModelKind } from '@/lib/api/load-models';
import { useAppStore } from '@/lib/app-store';
import { FactList } from '@/lib/ui/fact-list';
import { MODEL_FIELDS } from './model-field-list';
import { modelName } from '@/lib/model-name';
import { useModelText } from './model-text';

interface Props {
  kind: ModelKind;
  id: string;
  onEdit: () => void;
  /** After the model is deleted (or found missing): the page forgets it. */
  onGone: () => void;
}

/** A model's every parameter, with Edit and Delete (after confirmation; a kind's last model stays). */
export function ModelDetail({ kind, id, onEdit, onGone }: Props) {
  const { t } = useTranslation();
  const models = useModels(kind);
  const remove = useDeleteModel(kind);
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const text = useModelText();
  const [confirming, setConfirming] = useState(false);
  const model = models.data?.find((m) => m.id === id);
  if (!models.data) return null;
  if (!model)
    return (
      <Typography role="status" sx={{ mt: 2 }} data-testid="model-missing">
        {t('loadModels.missing')}
      </Typography>
    );
  const last = models.data.length <= 1;
  const kindLabel = kind === 'ev' ? t('loadModels.evModel') : t('loadModels.hpModel');

  const confirmDelete = () =>
    remove.mutate(model.id, {
      onSuccess: () => {
        setConfirming(false);
        showSnackbar(t('loadModels.deleted'));
        onGone();
      },
      onError: () => showSnackbar(t('errors.error')),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="model-detail-title" data-testid="model-detail">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            {kindLabel}
          </Typography>
          <Typography id="model-detail-title" component="h2" variant="h6" data-testid="model-detail-name">
            {modelName(t, kind, model.name)}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit} data-testid="edit-model">
          {t('loadModels.edit')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setConfirming(true)}
          disabled={last}
          aria-describedby={last ? 'model-last-note' : undefined}
          data-testid="delete-model"
        >
          {t('loadModels.delete')}
        </Button>
      </Box>
      {last && (
        <Typography id="model-last-note" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('loadModels.lastModel')}
        </Typography>
      )}
      <FactList facts={MODEL_FIELDS[kind].map((spec) => [text.label(spec.field), text.value(spec, model)] as const)} testId="model-facts" />
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)} aria-labelledby="delete-model-title">
          <DialogTitle id="delete-model-title">{t('loadModels.deleteTitle')}</DialogTitle>
          <DialogContent>
            <Typography>{t('loadModels.deleteBody', { name: modelName(t, kind, model.name) })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>{t('loadModels.cancel')}</Button>
            <Button color="error" variant="contained" disabled={remove.isPending} onClick={confirmDelete} data-testid="confirm-delete">
              {t('loadModels.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
