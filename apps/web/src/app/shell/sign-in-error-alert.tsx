import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/app-store';

/** Spec §2/§8: any sign-in error appears in a dismissible red alert (with a way to try again where useful). */
export function SignInErrorAlert({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = useAppStore((s) => s.signInError);
  const dismiss = useAppStore((s) => s.setSignInError);
  if (!message) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      sx={{ m: 2 }}
      action={
        <>
          {onRetry && (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('auth.signInAgain')}
            </Button>
          )}
          <IconButton color="inherit" size="small" aria-label={t('auth.dismiss')} title={t('auth.dismiss')} onClick={() => dismiss(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      {t('auth.signInError', { message })}
    </Alert>
  );
}
