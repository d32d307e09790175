import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';

/** Stands in for a screen whose feature arrives in a later release, and says so. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const page = usePageTitle();
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, m: 'auto', mt: 4, textAlign: 'center' }} data-testid="coming-soon">
      <ConstructionIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
        {t('comingSoon.title', { page })}
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>{t('comingSoon.body')}</Typography>
      <Button component={Link} to="/" sx={{ mt: 3 }}>
        {t('comingSoon.back')}
      </Button>
    </Paper>
  );
}
