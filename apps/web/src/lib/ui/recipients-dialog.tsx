import { useState, type ReactNode } from 'react';
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
import type { Recipient, RecipientBody } from '@gridlens/contract/alerts';

/** A recipient as the list shows it, whatever it is attached to. */
type ListedRecipient = Pick<Recipient, 'recipient_id' | 'name' | 'email' | 'nickname'>;
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';
import { validateRecipient, type RecipientField } from '@/lib/recipient-form';

const EMPTY: Record<RecipientField, string> = { name: '', email: '', nickname: '' };

export interface RecipientsDialogProps {
  title: ReactNode;
  /** What the recipients are emailed about: the alert's rule, the schedule's timing. */
  about: ReactNode;
  /** Said when there is nobody yet: who is then not emailed what. */
  none: ReactNode;
  recipients: readonly ListedRecipient[] | undefined;
  adding: boolean;
  /** Adds a checked recipient; `done` empties the form. */
  onAdd: (body: RecipientBody, callbacks: { onSuccess: () => void; onError: () => void }) => void;
  onRemove: (recipientId: string, callbacks: { onError: () => void }) => void;
  onClose: () => void;
}

/**
 * The people an alert or a report schedule emails (spec §3: name, email, nickname): list, add, remove, with the
 * spec §5 messages. The feature gives the words about what is sent and how a recipient is stored.
 */
export function RecipientsDialog({ title, about, none, recipients, adding, onAdd, onRemove, onClose }: RecipientsDialogProps) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<RecipientField, FieldProblem>>>({});
  const failed = () => showSnackbar(t('errors.error'));

  const submit = () => {
    const { body, problems: found } = validateRecipient(values);
    setProblems(found);
    if (!body) return;
    onAdd(body, { onSuccess: () => setValues(EMPTY), onError: failed });
  };
  const field = (name: RecipientField, required: boolean) => (
    <TextField
      size="small"
      required={required}
      label={t(`recipients.${name}`)}
      value={values[name]}
      onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
      error={Boolean(problems[name])}
      helperText={problems[name] ? t(problems[name].key, problems[name].values) : undefined}
      slotProps={{ htmlInput: { 'data-testid': `recipient-${name}`, ...(name === 'email' ? { type: 'email' } : {}) } }}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="recipients-title" fullWidth maxWidth="sm">
      <DialogTitle id="recipients-title">{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {about}
        </Typography>
        {recipients && recipients.length === 0 && <Typography data-testid="recipients-none">{none}</Typography>}
        <List dense data-testid="recipients">
          {recipients?.map((r) => (
            <ListItem
              key={r.recipient_id}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('recipients.remove', { name: r.name })}
                  onClick={() => onRemove(r.recipient_id, { onError: failed })}
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
          <Button type="submit" variant="outlined" disabled={adding} data-testid="add-recipient">
            {t('recipients.add')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('recipients.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
