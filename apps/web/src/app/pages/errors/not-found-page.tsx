import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h5" component="h2">
        {t('pages.notFound')}
      </Typography>
      <Typography>{t('notFound.body')}</Typography>
      <Button component={Link} to="/" variant="contained">
        {t('errors.goHome')}
      </Button>
    </Stack>
  );
}
