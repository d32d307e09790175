import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/app-store';

/** Spec §2: a loader and a label while requests are pending, hidden when none remain. */
export function PendingLoader() {
  const pending = useAppStore((s) => s.pendingRequests);
  const { t } = useTranslation();
  if (pending === 0) return null;
  return (
    <Box data-testid="pending-loader" sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}>
      <LinearProgress aria-hidden />
      <Typography
        role="status"
        variant="caption"
        sx={{ position: 'absolute', right: 12, top: 6, px: 1, borderRadius: 1, bgcolor: 'background.paper' }}
      >
        {t('app.requestsPending')}
      </Typography>
    </Box>
  );
}
