import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * A page without the shell: one column in the middle of the window, its items centred (`centred`) or not, and the
 * column's `role` (an alert says something went wrong).
 */
export function FullPage({ centred = true, role, children }: { centred?: boolean; role?: 'alert'; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box role={role} sx={{ display: 'flex', flexDirection: 'column', alignItems: centred ? 'center' : undefined, gap: 2, maxWidth: 560 }}>
        {children}
      </Box>
    </Box>
  );
}

/** A centred message for the moments before the shell exists (signing in, redirecting). */
export function FullPageMessage({ message, busy = false, children }: { message: string; busy?: boolean; children?: ReactNode }) {
  return (
    <FullPage>
      {busy && <CircularProgress aria-hidden />}
      {message && (
        <Typography role="status" variant="h6" component="p">
          {message}
        </Typography>
      )}
      {children}
    </FullPage>
  );
}
