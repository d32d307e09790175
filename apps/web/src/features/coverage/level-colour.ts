import type { CoverageLevel } from '@gridlens/domain/power/coverage';

/** The palette colour of each coverage level, as the assets screen colours its states. */
export const LEVEL_COLOUR: Record<CoverageLevel, string> = {
  good: 'success.main',
  average: 'warning.main',
  bad: 'error.main',
  not_heard: 'text.disabled',
};
