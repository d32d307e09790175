import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { useAddRecipient, useRecipients, useRemoveRecipient, type AnyAlertRule } from '@/lib/api/alerts';
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';
import { validateRecipient } from '@/lib/recipient-form';
import { useAlertKind } from './alert-kind';
import { useAlertText } from './alert-text';

type Field = 'name' | 'email' | 'nickname';
const EMPTY: Record<Field, string> = { name: '', email: '', nickname: '' };

/** The people an alert emails (spec §3: name, email, nickname): list, add, remove. */
export default function RecipientsDialog({ rule, onClose }: { rule: AnyAlertRule; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useAlertText();
  const kind = useAlertKind();
  const recipients = useRecipients(kind, rule.alert_id);
  const add = useAddRecipient(kind);
  const remove = useRemoveRecipient(kind);
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});

  const submit = () => {
    const { body, problems: found } = validateRecipient(values);
    setProblems(found);
    if (!body) return;
    add.mutate({ alertId: rule.alert_id, body }, { onSuccess: () => setValues(EMPTY), onError: () => showSnackbar(t('errors.error')) });
  };
  const field = (name: Field, required: boolean) => (
    <TextField
      size="small"
      required={required}
      label={t(`alerts.recipient.${name}`)}
      value={values[name]}
      onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
      error={Boolean(problems[name])}
      helperText={problems[name] ? t(problems[name].key, problems[name].values) : undefined}
      slotProps={{ htmlInput: { 'data-testid': `recipient-${name}`, ...(name === 'email' ? { type: 'email' } : {}) } }}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="recipients-title" fullWidth maxWidth="sm">
      <DialogTitle id="recipients-title">{t('alerts.recipientsTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {text.scope(kind, rule.device_id, rule.device_type)} · {text.condition(rule)}
        </Typography>
        {recipients.data && recipients.data.length === 0 && (
          <Typography data-testid="recipients-none">{t('alerts.noRecipients')}</Typography>
        )}
        <List dense data-testid="recipients">
          {recipients.data?.map((r) => (
            <ListItem
              key={r.recipient_id}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('alerts.removeRecipient', { name: r.name })}
                  onClick={() =>
                    remove.mutate(
                      { alertId: rule.alert_id, recipientId: r.recipient_id },
                      { onError: () => showSnackbar(t('errors.error')) },
                    )
                  }
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={r.nickname ? `${r.name} (${r.nickname})` : r.name} secondary={r.email} />
            </ListItem>
          ))}
        </List>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => (event.preventDefault(), submit())}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}
        >
          {field('name', true)}
          {field('email', true)}
          {field('nickname', false)}
          <Button type="submit" variant="outlined" disabled={add.isPending} data-testid="add-recipient">
            {t('alerts.addRecipient')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alerts.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
