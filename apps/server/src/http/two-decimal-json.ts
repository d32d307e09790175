/**
 * Columns of numbers kept to two decimals (the assets list's figures, spec §9), written as JSON digit by digit.
 * JSON.stringify prints each double as its shortest decimal string, which for the list's 140,000 figures took
 * 16 ms an answer, its largest single cost; as integer hundredths they need only integer digits (4 ms).
 */
const twoDecimalColumns = new WeakSet<readonly unknown[]>();

/** Marks a column for twoDecimalJson (columnarJson asks isTwoDecimalColumn); its values must be null or finite. */
export function asTwoDecimalColumn<T extends (number | null)[]>(values: T): T {
  twoDecimalColumns.add(values);
  return values;
}

export const isTwoDecimalColumn = (values: readonly unknown[]): values is readonly (number | null)[] => twoDecimalColumns.has(values);

/**
 * Room for any value and its comma: the longest JSON of a finite double is 24 characters
 * ("-1.7976931348623157e+308"), longer than any value written digit by digit (a sign, 16 digits, a point, two).
 */
const BYTES_PER_VALUE = 25;
/** Beyond this many hundredths a double no longer holds every integer; such values are printed as JSON does. */
const LARGEST_EXACT_HUNDREDTHS = 2 ** 52;
const [COMMA, MINUS, POINT, ZERO, OPEN, CLOSE] = [0x2c, 0x2d, 0x2e, 0x30, 0x5b, 0x5d];

/**
 * The JSON array of `values` rounded to two decimals, as bytes: the same text as JSON.stringify of the rounded
 * values (no trailing zeros, "0" for minus zero, null for null and for anything not finite).
 */
export function twoDecimalJson(values: readonly (number | null)[]): Buffer {
  const bytes = Buffer.allocUnsafe(2 + values.length * BYTES_PER_VALUE);
  let at = 0;
  bytes[at++] = OPEN;
  for (let i = 0; i < values.length; i += 1) {
    if (i > 0) bytes[at++] = COMMA;
    const value = values[i];
    let hundredths = value === null || value === undefined ? Number.NaN : Math.round(value * 100);
    if (!Number.isFinite(hundredths) || Math.abs(hundredths) > LARGEST_EXACT_HUNDREDTHS) {
      const text = JSON.stringify(value ?? null);
      at += bytes.write(text, at, 'latin1');
      continue;
    }
    if (hundredths < 0) {
      bytes[at++] = MINUS;
      hundredths = -hundredths;
    }
    const whole = Math.floor(hundredths / 100);
    const fraction = hundredths - whole * 100;
    at = writeDigits(bytes, at, whole);
    if (fraction !== 0) {
      const tenths = Math.floor(fraction / 10);
      bytes[at++] = POINT;
      bytes[at++] = ZERO + tenths;
      if (fraction !== tenths * 10) bytes[at++] = ZERO + fraction - tenths * 10;
    }
  }
  bytes[at++] = CLOSE;
  return bytes.subarray(0, at);
}

/** Writes a non-negative integer's decimal digits at `at`; returns where they end. */
function writeDigits(bytes: Buffer, at: number, integer: number): number {
  if (integer === 0) {
    bytes[at] = ZERO;
    return at + 1;
  }
  let end = at;
  for (let rest = integer; rest > 0; end += 1) {
    const next = Math.floor(rest / 10);
    bytes[end] = ZERO + rest - next * 10;
    rest = next;
  }
  for (let low = at, high = end - 1; low < high; low += 1, high -= 1) {
    const digit = bytes[low] as number; // written least significant first: reverse them
    bytes[low] = bytes[high] as number;
    bytes[high] = digit;
  }
  return end;
}
