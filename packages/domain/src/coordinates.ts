/** Coordinates typed by hand: decimal degrees (WGS 84), as a GPS, a phone's map or a survey gives them. */

export type Axis = 'latitude' | 'longitude';

/** How far each axis goes either way: 90° north or south, 180° east or west. */
export const DEGREES_LIMIT: Record<Axis, number> = { latitude: 90, longitude: 180 };

export type DegreesParse = { ok: true; value: number } | { ok: false; problem: 'required' | 'notNumber' | 'range' };

const HEMISPHERES: Record<Axis, { positive: string; negative: string }> = {
  latitude: { positive: 'N', negative: 'S' },
  longitude: { positive: 'E', negative: 'W' },
};

/**
 * Reads one coordinate: "53.4239", "-7.9407", "53,4239" (a decimal comma, as French and Polish write it), or
 * with its hemisphere's letter, "7.9407 W" (west and south are negative). Anything else is refused, never guessed.
 */
export function parseDegrees(text: string, axis: Axis): DegreesParse {
  let body = text.trim().toUpperCase();
  if (body === '') return { ok: false, problem: 'required' };
  let sign = 1;
  const letter = body.slice(-1);
  const { positive, negative } = HEMISPHERES[axis];
  if (letter === positive || letter === negative) {
    body = body.slice(0, -1).trimEnd().replace(/°$/, '');
    if (body.startsWith('-')) return { ok: false, problem: 'notNumber' }; // "-7 W" says west twice: ambiguous
    if (letter === negative) sign = -1;
  } else body = body.replace(/°$/, '');
  body = body.replace(/^([+-]?\d+),(\d+)$/, '$1.$2').replace(/^([+-]?),(\d+)$/, '$10.$2');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(body)) return { ok: false, problem: 'notNumber' };
  const value = sign * Number(body);
  if (Math.abs(value) > DEGREES_LIMIT[axis]) return { ok: false, problem: 'range' };
  return { ok: true, value };
}

/** A coordinate as a form shows it: six decimals (about 10 cm), without trailing zeros. */
export function formatDegrees(value: number): string {
  return String(Number(value.toFixed(6)));
}
