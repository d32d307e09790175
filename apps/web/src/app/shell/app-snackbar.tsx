import Snackbar from '@mui/material/Snackbar';
import { useAppStore } from '@/lib/app-store';

/** Spec §9: snackbar messages stay for 3000 ms. */
export const SNACKBAR_TIMEOUT_MS = 3000;

export function AppSnackbar() {
  const snackbar = useAppStore((s) => s.snackbar);
  const close = useAppStore((s) => s.closeSnackbar);
  return (
    <Snackbar
      key={snackbar?.id}
      open={snackbar !== null}
      message={snackbar?.message}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    />
  );
}
