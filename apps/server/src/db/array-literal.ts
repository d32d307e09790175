/** Array elements that need no quoting in a PostgreSQL array literal: numbers, validated ids, ISO 8601 times. */
const BARE_ELEMENT = /^[A-Za-z0-9._:+-]+$/;

const element = (value: number | string | null | undefined): string => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (BARE_ELEMENT.test(value) && value.toUpperCase() !== 'NULL') return value;
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
};

/**
 * An array parameter as a PostgreSQL array literal (`{1.5,NULL,3}`), for `unnest($n::real[])` and friends.
 * Both drivers' own array serialisation quotes and escapes every element, which cost more than the insert
 * itself for 5,000-row ingest batches; numbers, ids and ISO times need neither. Anything else is quoted
 * and escaped, so the literal is always exact. Numbers must be finite (the contract guarantees it).
 */
export function arrayLiteral(values: readonly (number | string | null | undefined)[]): string {
  return `{${values.map(element).join(',')}}`;
}
