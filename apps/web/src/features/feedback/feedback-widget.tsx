import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FeedbackIcon from '@mui/icons-material/Feedback';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_MESSAGE_MAX } from '@gridlens/contract/feedback';
import { useSendFeedback } from '@/lib/api/feedback';
import { useAppStore } from '@/lib/app-store';
import { DeferredTooltip } from '@/lib/ui/deferred-tooltip';

/**
 * A button in the header that opens a short form; the message is stored with the page it was sent from. It sits in
 * the header's row of controls rather than floating over the page, where it covered whatever lay under it (a
 * table's next-page button at the foot of the ADMD screen, issue 27).
 */
export function FeedbackWidget() {
  const { t } = useTranslation();
  const location = useLocation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const send = useSendFeedback();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState<number | null>(null);

  const submit = () => {
    send.mutate(
      { message, rating, page: location.pathname },
      {
        onSuccess: () => {
          setOpen(false);
          setMessage('');
          setRating(null);
          showSnackbar(t('feedback.thanks'));
        },
        onError: () => showSnackbar(t('feedback.failed')),
      },
    );
  };

  return (
    <>
      <DeferredTooltip title={t('feedback.open')}>
        <IconButton color="primary" aria-label={t('feedback.open')} onClick={() => setOpen(true)} data-testid="feedback-button">
          <FeedbackIcon />
        </IconButton>
      </DeferredTooltip>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="feedback-title">
        <DialogTitle id="feedback-title">{t('feedback.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('feedback.intro')}</DialogContentText>
          <Typography component="legend" variant="body2" sx={{ mt: 2 }}>
            {t('feedback.rating')}
          </Typography>
          <Rating name="feedback-rating" value={rating} onChange={(_event, value) => setRating(value)} />
          <TextField
            label={t('feedback.message')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            multiline
            minRows={4}
            fullWidth
            required
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: FEEDBACK_MESSAGE_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('feedback.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={message.trim().length === 0 || send.isPending}>
            {t('feedback.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
