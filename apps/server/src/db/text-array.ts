/**
 * Readers of PostgreSQL's text form of one-dimensional arrays (`array_agg(x)::text`), for reads that return a
 * whole column of thousands of values as one array. PostgreSQL writes a plain array faster than it writes the
 * same values as JSON; numbers are then read by JSON.parse of the array's body, text by a small parser. Both
 * drivers hand a `text` column over untouched, so one reader serves PGlite and PostgreSQL.
 */

const body = (text: string): string => {
  if (text.charCodeAt(0) !== 0x7b || text.charCodeAt(text.length - 1) !== 0x7d) throw new Error('not a one-dimensional array literal');
  return text.slice(1, -1);
};

/**
 * `{1.5,NULL,-2,NaN}` as numbers; NULL as null. Numeric elements are never quoted, so apart from NULL, NaN and
 * Infinity the text is a JSON array between braces; JSON.parse reads it three times faster than splitting.
 */
export function parseNumberArray(text: string): (number | null)[] {
  const inner = body(text);
  if (!/NaN|Infinity/.test(inner)) return JSON.parse(`[${inner.replaceAll('NULL', 'null')}]`) as (number | null)[];
  return inner.length === 0 ? [] : inner.split(',').map((part) => (part === 'NULL' ? null : Number(part)));
}

/** `{t,f,NULL}` as booleans. */
export function parseBooleanArray(text: string): (boolean | null)[] {
  const inner = body(text);
  if (inner.length === 0) return [];
  return inner.split(',').map((part) => (part === 'NULL' ? null : part === 't'));
}

/**
 * `{a,"b,c",NULL,"NULL"}` as strings: an element is quoted when it is empty, holds a comma, brace, quote,
 * backslash or white space, or reads NULL; inside quotes a backslash escapes the next character.
 */
export function parseTextArray(text: string): (string | null)[] {
  const inner = body(text);
  const values: (string | null)[] = [];
  if (inner.length === 0) return values;
  let i = 0;
  for (;;) {
    if (inner.charCodeAt(i) === 0x22) {
      let value = '';
      i += 1;
      for (;;) {
        const quote = inner.indexOf('"', i);
        const backslash = inner.indexOf('\\', i);
        if (quote < 0) throw new Error('unterminated quoted array element');
        if (backslash >= 0 && backslash < quote) {
          value += inner.slice(i, backslash) + inner.charAt(backslash + 1);
          i = backslash + 2;
        } else {
          value += inner.slice(i, quote);
          i = quote + 1;
          break;
        }
      }
      values.push(value);
    } else {
      const comma = inner.indexOf(',', i);
      const raw = inner.slice(i, comma < 0 ? inner.length : comma);
      values.push(raw === 'NULL' ? null : raw);
      i = comma < 0 ? inner.length : comma;
    }
    if (i >= inner.length) return values;
    i += 1; // the comma
  }
}
