import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/app-store';

/** Spec §2/§8: any sign-in error appears in a dismissible red alert. */
export function SignInErrorAlert({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = useAppStore((s) => s.signInError);
  const dismiss = useAppStore((s) => s.setSignInError);
  if (!message) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      onClose={() => dismiss(null)}
      slotProps={{ closeButton: { 'aria-label': t('auth.dismiss'), title: t('auth.dismiss') } }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('auth.signInAgain')}
          </Button>
        ) : undefined
      }
      sx={{ m: 2 }}
    >
      {t('auth.signInError', { message })}
    </Alert>
  );
}
