import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Says that the latest load failed, next to what is still shown, with a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Typography role="alert" color="error" sx={{ mb: 1 }} data-testid="load-failed">
      {t('assetDetail.pageFailed')}{' '}
      <Button size="small" onClick={onRetry}>
        {t('assetDetail.retry')}
      </Button>
    </Typography>
  );
}
