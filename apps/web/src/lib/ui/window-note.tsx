import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DayWindow } from '@gridlens/contract/assets';
import { formatDay } from '@gridlens/domain/date-format';

/** The key and values of a window's sentence: today so far, days to now, one whole day or whole days. */
export function windowText(window: DayWindow, userTimeZone: string): { key: string; values: Record<string, string> } {
  const day = (d: string) => formatDay(d, userTimeZone);
  const zone = window.time_zone;
  if (window.partial)
    return window.from_day === window.to_day
      ? { key: 'figures.window.today', values: { day: day(window.to_day), zone } }
      : { key: 'figures.window.daysToNow', values: { from: day(window.from_day), zone } };
  return window.from_day === window.to_day
    ? { key: 'figures.window.day', values: { day: day(window.from_day), zone } }
    : { key: 'figures.window.days', values: { from: day(window.from_day), to: day(window.to_day), zone } };
}

/**
 * The window a screen's figures cover, stated in words ("Figures for today so far: 24/11/2026 since midnight,
 * Europe/Dublin time"): the same device in the same window reads the same on every screen.
 */
export function WindowNote({ window, timeZone, testId }: { window: DayWindow; timeZone: string; testId: string }) {
  const { t } = useTranslation();
  const { key, values } = windowText(window, timeZone);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={testId}>
      {t(key, values)}
    </Typography>
  );
}
