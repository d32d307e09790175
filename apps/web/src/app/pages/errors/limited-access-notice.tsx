import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** Inside the shell: a section the tenant does not have. */
export function LimitedAccessNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="limited-access">
      <AlertTitle>{t('errors.limitedAccessTitle')}</AlertTitle>
      {t('errors.limitedAccessBody')}
    </Alert>
  );
}
