import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './theme-preference';

/** Material theme in both modes; the accent is the brand blue of the logo. */
export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'dark' ? '#5aa9ff' : '#0b6bcb' },
      secondary: { main: '#ffb300' },
      background: mode === 'dark' ? { default: '#0f1720', paper: '#18222d' } : { default: '#f3f6f9', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: { MuiButton: { defaultProps: { disableElevation: true } } },
  });
}
