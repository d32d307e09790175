import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred message for the moments before the shell exists (signing in, redirecting). */
export function FullPageMessage({ message, busy = false, children }: { message: string; busy?: boolean; children?: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, maxWidth: 560 }}>
        {busy && <CircularProgress aria-hidden />}
        {message && (
          <Typography role="status" variant="h6" component="p">
            {message}
          </Typography>
        )}
        {children}
      </Box>
    </Box>
  );
}
