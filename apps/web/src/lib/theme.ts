import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './theme-preference';

/** Material theme in both modes; the accent is the brand blue of the logo. */
export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'dark' ? '#5aa9ff' : '#0b6bcb' },
      secondary: { main: '#ffb300' },
      // Dark mode's red is light enough to read on the dark paper, so text on it is black: white on it is only
      // 3.7:1 (axe caught the Active chips of the alert screens); black is 5.7:1.
      ...(mode === 'dark' ? { error: { main: '#f44336', contrastText: '#000000' } } : {}),
      // Light mode's orange (#ed6c02) gives white text 3.1:1 and reads at 3.1:1 as text on white (Lighthouse caught
      // the environment chip); this deeper amber is 5.0:1 both ways.
      ...(mode === 'light' ? { warning: { main: '#b45309', contrastText: '#ffffff' } } : {}),
      background: mode === 'dark' ? { default: '#0f1720', paper: '#18222d' } : { default: '#f3f6f9', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: { MuiButton: { defaultProps: { disableElevation: true } } },
  });
}
