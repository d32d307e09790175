import type { PeriodTable } from './period-table';

/**
 * A period table read for a period that has ended (a past day of the power report, a past bucket of the
 * issues timeline), as that period saw it. The latest state (last message, latest currents and battery) is
 * now's, not that period's, so it is left out: communication is judged by whether the device sent anything
 * in the period (a message stood in "just before its end"), the battery by the period's lowest reading, and
 * the total power, which only the latest state knows, is not given.
 */
export function asOfPast(table: PeriodTable, periodEndMs: number): PeriodTable {
  return {
    count: table.count,
    registry: table.registry,
    figuresAt: (r) => {
      const figures = table.figuresAt(r);
      return {
        ...figures,
        last_message_ms: figures.message_count > 0 ? periodEndMs - 1 : null,
        latest_med_a1: null,
        latest_med_a2: null,
        latest_med_a3: null,
        latest_battery_pct: null,
      };
    },
  };
}
