import type { PeriodTable } from './period-list';

/**
 * A period table read for a past day, as that day saw it. The latest state (last message, latest currents and
 * battery) is today's, not that day's, so it is left out: communication is judged by whether the device sent
 * anything that day (a message "just before the day's end"), the battery by the day's lowest reading, and the
 * total power and last-message time, which only the latest state knows, are not given.
 */
export function asOfPastDay(table: PeriodTable, dayEndMs: number): PeriodTable {
  return {
    count: table.count,
    registry: table.registry,
    figuresAt: (r) => {
      const figures = table.figuresAt(r);
      return {
        ...figures,
        last_message_ms: figures.message_count > 0 ? dayEndMs - 1 : null,
        latest_med_a1: null,
        latest_med_a2: null,
        latest_med_a3: null,
        latest_battery_pct: null,
      };
    },
  };
}
