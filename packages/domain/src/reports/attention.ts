/**
 * A schedule's "send only when something needs attention" (`only_when_attention`): the specification sends the
 * report only when assets are held beyond the Static period, trackers are silent, or transformers are over limit.
 * Each count is read from the report by the report's own definition (the fleet report's held and silent trackers,
 * the KPI report's newest week, the power report's "Current or capacity over limit"); any one above zero is enough.
 */
export interface AttentionCounts {
  /** Assets held at customers beyond the tenant's Static period. */
  held: number;
  /** Silent trackers. */
  silent: number;
  /** Transformers over their current or capacity limit. */
  overLimit: number;
}

export function needsAttention({ held, silent, overLimit }: AttentionCounts): boolean {
  return held > 0 || silent > 0 || overLimit > 0;
}
