/**
 * Where a chart's hatched part begins: the segment that leads into the trailing points still under way (today so
 * far, the hour under way), i.e. the last whole point before them; null when the last point is whole. A range's
 * first part-day is left as it is: the table and the tooltip give its period.
 */
export function partialStart(points: readonly { fromMs: number; partial: boolean }[]): number | null {
  let first = points.length;
  while (first > 0 && points[first - 1]?.partial) first -= 1;
  if (first === points.length) return null;
  return (points[first - 1] ?? points[first])?.fromMs ?? null;
}
