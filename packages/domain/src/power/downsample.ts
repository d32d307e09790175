/** The fewest points the min/max downsampling can honour: the first, the last and one min/max pair. */
export const DOWNSAMPLE_MIN_POINTS = 4;

/**
 * Min/max downsampling for charts (our choice over averaging or LTTB: it never hides a peak, and an alert on a
 * maximum current must still show on the chart). The first and last points are always kept; the points between
 * are split into floor((maxPoints - 2) / 2) buckets of near-equal size, and each bucket keeps its lowest and its
 * highest point, in time order. Points whose value is not a number are never chosen as min or max; a bucket
 * with no numeric value keeps its first point so the gap still shows.
 *
 * `points` must be in time order. With at most `maxPoints` points a copy of the input is returned; otherwise the
 * result has at most `maxPoints` points (one fewer when maxPoints is odd).
 */
export function downsampleMinMax<T>(points: readonly T[], maxPoints: number, value: (p: T) => number): T[] {
  if (!Number.isInteger(maxPoints) || maxPoints < DOWNSAMPLE_MIN_POINTS) {
    throw new RangeError(`maxPoints must be an integer of at least ${DOWNSAMPLE_MIN_POINTS}, got ${maxPoints}`);
  }
  if (points.length <= maxPoints) return [...points];

  const interiorCount = points.length - 2;
  const bucketCount = Math.floor((maxPoints - 2) / 2);
  const kept: number[] = [0];
  for (let bucket = 0; bucket < bucketCount; bucket++) {
    // Interior points run from index 1 to points.length - 2; there are more of them than buckets, so none is empty.
    const start = 1 + Math.floor((bucket * interiorCount) / bucketCount);
    const end = 1 + Math.floor(((bucket + 1) * interiorCount) / bucketCount);
    kept.push(...extremesInTimeOrder(points, start, end, value));
  }
  kept.push(points.length - 1);
  return kept.map((index) => points[index] as T);
}

/** The indices of the lowest and highest point in [start, end), in time order (one index when they coincide). */
function extremesInTimeOrder<T>(points: readonly T[], start: number, end: number, value: (p: T) => number): number[] {
  let minIndex = -1;
  let maxIndex = -1;
  let minValue = Number.POSITIVE_INFINITY;
  let maxValue = Number.NEGATIVE_INFINITY;
  for (let index = start; index < end; index++) {
    const v = value(points[index] as T);
    if (Number.isNaN(v)) continue;
    if (minIndex < 0 || v < minValue) [minIndex, minValue] = [index, v];
    if (maxIndex < 0 || v > maxValue) [maxIndex, maxValue] = [index, v];
  }
  if (minIndex < 0) return [start];
  if (minIndex === maxIndex) return [minIndex];
  return minIndex < maxIndex ? [minIndex, maxIndex] : [maxIndex, minIndex];
}
