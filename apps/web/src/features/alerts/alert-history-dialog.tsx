import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@gridlens/domain/date-format';
import { useAlertHistory, useComment, type AnyActiveAlert } from '@/lib/api/alerts';
import { browserTimeZone } from '@/lib/api/config';
import { useAppStore } from '@/lib/app-store';
import { useAlertKind } from './alert-kind';
import { useAlertText } from './alert-text';

/** One alert's history (triggered, acknowledged, comments, cleared) and a box to add a comment for the next shift. */
export default function AlertHistoryDialog({ alert, onClose }: { alert: AnyActiveAlert; onClose: () => void }) {
  const { t } = useTranslation();
  const alertText = useAlertText();
  const kind = useAlertKind();
  const history = useAlertHistory(kind, alert.occurrence_id);
  const comment = useComment(kind);
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const timeZone = browserTimeZone();

  const submit = () => {
    const trimmed = text.trim();
    setMissing(trimmed === '');
    if (trimmed === '') return;
    comment.mutate(
      { occurrenceId: alert.occurrence_id, text: trimmed },
      { onSuccess: () => setText(''), onError: () => showSnackbar(t('errors.error')) },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="alert-history-title" fullWidth maxWidth="sm">
      <DialogTitle id="alert-history-title">{t('alerts.historyTitle', { device: alert.device_id })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {alert.full_name} · {alertText.condition(alert)}
        </Typography>
        <List dense data-testid="alert-history">
          {history.data?.events.map((event, i) => (
            <ListItem key={`${event.at}-${i}`} disableGutters>
              <ListItemText
                primary={`${formatDateTime(Date.parse(event.at), timeZone)} · ${t(`alerts.events.${event.kind}`)}${event.user_name ? ` · ${event.user_name}` : ''}`}
                secondary={event.text ?? (event.value === null ? undefined : alertText.value(alert.trigger_field, event.value))}
              />
            </ListItem>
          ))}
        </List>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => (event.preventDefault(), submit())}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            fullWidth
            multiline
            maxRows={4}
            label={t('alerts.comment')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={missing}
            helperText={missing ? t('validation.required') : undefined}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'alert-comment' } }}
          />
          <Button type="submit" variant="outlined" disabled={comment.isPending} data-testid="add-comment">
            {t('alerts.addComment')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alerts.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
