import { isLatestStateFigure, staleFigureAgeMs } from '@gridlens/domain/power/figure-age';
import { timeSinceText } from '@/lib/time-since-text';

/**
 * A latest-state figure's age as the screens write it ("3 days ago"), or null when the figure is current or is not
 * one of the latest message's (packages/domain figure-age: current is at most two reporting intervals old).
 */
export function figureAgeText(field: string, lastMessageAt: string | null, nowMs: number, languageTag: string): string | null {
  if (!isLatestStateFigure(field) || lastMessageAt === null) return null;
  const lastMs = Date.parse(lastMessageAt);
  return staleFigureAgeMs(lastMs, nowMs) === null ? null : timeSinceText(lastMs, nowMs, languageTag);
}
