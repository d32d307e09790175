import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Fab from '@mui/material/Fab';
import GlobalStyles from '@mui/material/GlobalStyles';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FeedbackIcon from '@mui/icons-material/Feedback';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_MESSAGE_MAX } from '@gridlens/contract/feedback';
import { useSendFeedback } from '@/lib/api/feedback';
import { useAppStore } from '@/lib/app-store';

/** Where the floating button sits: its distance from the window's bottom and right edges, and its size (px). */
const FAB_MARGIN_PX = 24;
const FAB_SIZE_PX = 48;
/**
 * While the button floats over the page, the page keeps a band at its foot at least as tall as the button and its
 * margins, with a gap above: scrolled to the end, the last controls of any page (a table's pager, a form's buttons)
 * come to rest above the button instead of under it (issue 27: it covered the ADMD table's next-page button).
 * `main[class]` outweighs the main element's own padding class.
 */
const FOOT_CLEARANCE = { 'main[class]': { paddingBottom: FAB_MARGIN_PX + FAB_SIZE_PX + 16 } };

/** A floating button that opens a short form; the message is stored with the page it was sent from. */
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
      <GlobalStyles styles={FOOT_CLEARANCE} />
      <Fab
        color="primary"
        size="medium"
        aria-label={t('feedback.open')}
        onClick={() => setOpen(true)}
        sx={{ position: 'fixed', right: FAB_MARGIN_PX, bottom: FAB_MARGIN_PX, width: FAB_SIZE_PX, height: FAB_SIZE_PX }}
        data-testid="feedback-button"
      >
        <FeedbackIcon />
      </Fab>
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
