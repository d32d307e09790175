import type { FleetAnalysisRow } from '@gridlens/contract/load-planning';

/** A translation function as the screens have it (react-i18next's `t`, narrowed to what these texts use). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface HeadlineFormat {
  t: Translate;
  /** A number in the user's format. */
  number: (value: number, decimals?: number) => string;
  /** A day (YYYY-MM-DD) as the user reads days. */
  day: (day: string) => string;
}

export type HeadlineId = 'firstYearOver' | 'maxEvs' | 'maxEvHour' | 'maxLoad' | 'maxLoadWhen' | 'minHeadroom';

/** One headline figure of a transformer's analysis: what it is called, its value, and what it means. */
export interface HeadlineFigure {
  id: HeadlineId;
  label: string;
  value: string;
  definition: string;
}

export const hourText = (h: number | null) => (h === null ? '–' : `${String(h).padStart(2, '0')}:00`);

/** A row without a base-load day has no figures: neither "none by 2030" nor "no practical limit", which read as safe. */
export const hasNoData = (row: FleetAnalysisRow) => row.base_load_day === null;

/** The first year over capacity, or "none by 2030". */
export function firstYearOverText(row: FleetAnalysisRow, { t }: HeadlineFormat): string {
  if (hasNoData(row)) return '–';
  return row.first_year_over_capacity === null ? t('loadPlanning.noneBy2030') : String(row.first_year_over_capacity);
}

/**
 * Max EVs as a value beside its label ("Max EVs in 2028"): the number, "no practical limit", or 0 with the reason
 * (over capacity that year even without EVs), never a bare 0 beside a max EV hour.
 */
export function maxEvsText(row: FleetAnalysisRow, { t, number }: HeadlineFormat): string {
  if (hasNoData(row)) return '–';
  if (row.max_evs === null) return t('loadPlanning.noLimit');
  if (row.max_evs === 0) return t('loadPlanning.zeroEvs');
  return number(row.max_evs, 0);
}

/** Max EVs with its year, for a table cell that has no room for the year in its title ("56 in 2028"). */
export function maxEvsWithYearText(row: FleetAnalysisRow, format: HeadlineFormat): string {
  if (hasNoData(row) || row.max_evs === null || row.max_evs_year === null) return maxEvsText(row, format);
  return format.t(row.max_evs === 0 ? 'loadPlanning.zeroEvsIn' : 'loadPlanning.maxEvsWithYear', {
    evs: format.number(row.max_evs, 0),
    year: row.max_evs_year,
  });
}

/** The day, hour and year of the max load, and whether it fell on the 1-in-20 cold version of the day. */
export function maxLoadWhenText(row: FleetAnalysisRow, { t, day }: HeadlineFormat): string {
  if (row.max_load_day === null) return '–';
  const when = `${day(row.max_load_day)} ${hourText(row.max_load_hour)} (${row.max_load_year ?? '–'})`;
  return row.max_load_on_extreme_day ? `${when} ${t('loadPlanning.onColdDay')}` : when;
}

const kw = (value: number | null, number: HeadlineFormat['number']) => (value === null ? '–' : `${number(value)} kW`);

/**
 * The headline figures of a transformer's analysis (spec §3 row), each with its definition: the fleet table and both
 * Analysis tabs present the server's one row through this, so they read the same.
 */
export function headlineFigures(row: FleetAnalysisRow, format: HeadlineFormat): HeadlineFigure[] {
  const { t, number } = format;
  const figure = (id: HeadlineId, label: string, value: string): HeadlineFigure => ({
    id,
    label,
    value,
    definition: t(`loadPlanning.definitions.${id}`),
  });
  return [
    figure('firstYearOver', t('loadPlanning.firstYearOver'), firstYearOverText(row, format)),
    figure(
      'maxEvs',
      row.max_evs_year === null ? t('loadPlanning.maxEvs') : t('loadPlanning.maxEvsIn', { year: row.max_evs_year }),
      maxEvsText(row, format),
    ),
    figure('maxEvHour', t('loadPlanning.maxEvHour'), hourText(row.max_ev_hour)),
    figure('maxLoad', t('loadPlanning.maxLoad'), kw(row.max_load_kw, number)),
    figure('maxLoadWhen', t('loadPlanning.maxLoadWhen'), maxLoadWhenText(row, format)),
    figure('minHeadroom', t('loadPlanning.minHeadroom'), kw(row.min_headroom_kw, number)),
  ];
}
