import type { PowerDevice } from '@gridlens/contract/assets';
import { parseBooleanArray, parseNumberArray } from '../../db/text-array';
import { REGISTRY_COLUMNS } from '../assets/assets.public';

export { REGISTRY_COLUMNS };

/*
 * The assets list's rows as period-list.repository.ts reads them: the registry's columns and each device's rollup
 * figures over a period, and how a row's figures are made from the figure columns.
 */

/**
 * The rollup figures of one device over a period (and the equally long period before it, for power
 * change). Scalars only, times as epoch ms: array and timestamp parsing dominated this 10,000-row read.
 */
export interface PeriodFigures {
  watchlisted: boolean;
  last_message_ms: number | null;
  latest_med_a1: number | null;
  latest_med_a2: number | null;
  latest_med_a3: number | null;
  latest_battery_pct: number | null;
  message_count: number;
  missed_messages: number;
  max_a1: number | null;
  max_a2: number | null;
  max_a3: number | null;
  med_sum_a1: number | null;
  med_sum_a2: number | null;
  med_sum_a3: number | null;
  apparent_max_kva: number | null;
  apparent_med_sum_kva: number | null;
  imbalance_max_percent: number | null;
  temperature_max_c: number | null;
  temperature_min_c: number | null;
  temperature_med_sum_c: number | null;
  temperature_count: number;
  temperature_sense_errors: number;
  battery_min_pct: number | null;
  previous_message_count: number;
  previous_apparent_med_sum_kva: number | null;
}

export type FigureName = keyof PeriodFigures;
/**
 * The registry as columns, one array per PowerDevice field, index r of every array describing the same device.
 * Frozen at run time once loaded (typed as plain arrays so that answers can carry them as the contract's columns).
 */
export type RegistryColumns = { [K in keyof PowerDevice]: PowerDevice[K][] };
export type FigureColumns = { [K in FigureName]: PeriodFigures[K][] };

/** How each figure column is read from its array text. */
export const FIGURE_READERS: { [K in FigureName]: (text: string) => PeriodFigures[K][] } = {
  watchlisted: parseBooleanArray as (text: string) => boolean[],
  last_message_ms: parseNumberArray,
  latest_med_a1: parseNumberArray,
  latest_med_a2: parseNumberArray,
  latest_med_a3: parseNumberArray,
  latest_battery_pct: parseNumberArray,
  message_count: parseNumberArray as (text: string) => number[],
  missed_messages: parseNumberArray as (text: string) => number[],
  max_a1: parseNumberArray,
  max_a2: parseNumberArray,
  max_a3: parseNumberArray,
  med_sum_a1: parseNumberArray,
  med_sum_a2: parseNumberArray,
  med_sum_a3: parseNumberArray,
  apparent_max_kva: parseNumberArray,
  apparent_med_sum_kva: parseNumberArray,
  imbalance_max_percent: parseNumberArray,
  temperature_max_c: parseNumberArray,
  temperature_min_c: parseNumberArray,
  temperature_med_sum_c: parseNumberArray,
  temperature_count: parseNumberArray as (text: string) => number[],
  temperature_sense_errors: parseNumberArray as (text: string) => number[],
  battery_min_pct: parseNumberArray,
  previous_message_count: parseNumberArray as (text: string) => number[],
  previous_apparent_med_sum_kva: parseNumberArray,
};
export const FIGURE_NAMES = Object.keys(FIGURE_READERS) as FigureName[];

/**
 * Row i of a part's figures. Spelled out field by field on purpose: an object literal gets one fixed shape,
 * whereas objects filled key by key in a loop fell into dictionary mode and made building and then reading
 * 10,000 of them cost 40 ms more.
 */
export function figuresAt(fig: FigureColumns, i: number): PeriodFigures {
  return {
    watchlisted: fig.watchlisted[i] as boolean,
    last_message_ms: fig.last_message_ms[i] ?? null,
    latest_med_a1: fig.latest_med_a1[i] ?? null,
    latest_med_a2: fig.latest_med_a2[i] ?? null,
    latest_med_a3: fig.latest_med_a3[i] ?? null,
    latest_battery_pct: fig.latest_battery_pct[i] ?? null,
    message_count: fig.message_count[i] as number,
    missed_messages: fig.missed_messages[i] as number,
    max_a1: fig.max_a1[i] ?? null,
    max_a2: fig.max_a2[i] ?? null,
    max_a3: fig.max_a3[i] ?? null,
    med_sum_a1: fig.med_sum_a1[i] ?? null,
    med_sum_a2: fig.med_sum_a2[i] ?? null,
    med_sum_a3: fig.med_sum_a3[i] ?? null,
    apparent_max_kva: fig.apparent_max_kva[i] ?? null,
    apparent_med_sum_kva: fig.apparent_med_sum_kva[i] ?? null,
    imbalance_max_percent: fig.imbalance_max_percent[i] ?? null,
    temperature_max_c: fig.temperature_max_c[i] ?? null,
    temperature_min_c: fig.temperature_min_c[i] ?? null,
    temperature_med_sum_c: fig.temperature_med_sum_c[i] ?? null,
    temperature_count: fig.temperature_count[i] as number,
    temperature_sense_errors: fig.temperature_sense_errors[i] as number,
    battery_min_pct: fig.battery_min_pct[i] ?? null,
    previous_message_count: fig.previous_message_count[i] as number,
    previous_apparent_med_sum_kva: fig.previous_apparent_med_sum_kva[i] ?? null,
  };
}
/**
 * The assets list in device-id byte order (the registry's): the registry's columns as kept in memory (frozen,
 * so an answer may pass them on as they are), and each device's figures made one at a time by `figuresAt`:
 * a caller that turns them into something else at once lets them die young, where 10,000 rows built up front
 * survived into the old generation and their collection showed in the list's p95.
 */
export interface PeriodTable {
  count: number;
  registry: RegistryColumns;
  figuresAt(index: number): PeriodFigures;
}
