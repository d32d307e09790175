import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/app-store';

/** The alert of sign-in-error-alert.tsx, in a chunk of its own: only a failed sign-in loads it. */
export function SignInErrorBody({ message, onRetry }: { message: string; onRetry?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const dismiss = useAppStore((s) => s.setSignInError);
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
