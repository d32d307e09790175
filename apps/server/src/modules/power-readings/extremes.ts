/** The smaller and larger of two optional values, where null means "no value" (a rollup's extremes skip it). */
export const minOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
export const maxOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
