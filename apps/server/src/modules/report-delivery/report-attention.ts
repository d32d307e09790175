import { deviceIssuesAt } from '@gridlens/domain/power/device-status';
import { needsAttention, type AttentionCounts } from '@gridlens/domain/reports/attention';
import type { ReportData } from './report-data';

/** What of a report needs attention, and so whether a schedule sending "only when something needs attention" sends it. */
export interface ReportAttention extends AttentionCounts {
  needsAttention: boolean;
}

export function attentionOf(report: ReportData): ReportAttention {
  const counts = attentionCounts(report);
  return { needsAttention: needsAttention(counts), ...counts };
}

/**
 * Each report counts by its own page's definitions: the fleet report's trackers held at customers beyond the
 * Static period and silent (no message in 24 hours), as at the moment it was read; the KPI report's newest week;
 * the power report's transformers with the issue "Current or capacity over limit" (`current_overlimit`: a phase
 * above its rated current, or the day's peak capacity over its limit), among all of a device's issues as the header
 * search finds them, not only where it is the most serious: a transformer both over limit and too hot counts.
 */
function attentionCounts(report: ReportData): AttentionCounts {
  switch (report.kind) {
    case 'fleet':
      return {
        held: report.data.held.reduce((sum, customer) => sum + customer.devices.length, 0),
        silent: report.data.silent.length,
        overLimit: 0,
      };
    case 'kpi': {
      const newest = report.data.weeks.at(-1);
      return { held: newest?.held_beyond_static ?? 0, silent: newest?.silent_over_7_days ?? 0, overLimit: 0 };
    }
    case 'power': {
      const { count, columns } = report.data.devices;
      let overLimit = 0;
      for (let i = 0; i < count; i++) if (deviceIssuesAt(columns, i).includes('current_overlimit')) overLimit += 1;
      return { held: 0, silent: 0, overLimit };
    }
  }
}
