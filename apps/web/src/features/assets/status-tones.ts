import type { SegmentTone } from './asset-filters';

/** Worst first: a cluster takes the colour of its most serious device, and the legend reads in this order. */
export const TONE_SEVERITY: readonly SegmentTone[] = ['error', 'warning', 'info', 'success', 'neutral'];

/**
 * The map colours markers by the colour family of their status, so its legend has one line per colour naming
 * every status drawn in it, worst colour first, statuses in the order given. Colours no status takes are left out.
 */
export function statusTones<V extends string>(
  values: readonly V[],
  toneOf: (value: V) => SegmentTone,
): { tone: SegmentTone; values: V[] }[] {
  return TONE_SEVERITY.map((tone) => ({ tone, values: values.filter((value) => toneOf(value) === tone) })).filter(
    (group) => group.values.length > 0,
  );
}
