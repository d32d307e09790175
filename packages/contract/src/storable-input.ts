/**
 * What every request's path parameters, query and body must be, whatever their schemas say, because the
 * database could not hold it or the server could not walk it safely:
 * - no NUL character (U+0000): PostgreSQL's text and jsonb refuse it, and the whole statement fails;
 * - no unpaired UTF-16 surrogate (half of a character): it has no UTF-8 form, so it cannot be stored as sent;
 * - no nesting deeper than {@link INPUT_DEPTH_MAX} levels: no request of the API needs more, and deeper values
 *   overflow the stack of whatever walks them recursively (JSON.stringify, jsonb, a validator);
 * - no number PostgreSQL's `real` cannot hold: none smaller than {@link NUMBER_MAGNITUDE_MIN} but zero (it would
 *   underflow to 0 and the statement fail), none larger than {@link NUMBER_MAGNITUDE_MAX}. No quantity of the API
 *   comes near either bound.
 *
 * The server checks this once for every endpoint before its schemas run (`bind-endpoint.ts`), and ingest for
 * each device message on its own (`message-validation.ts`), so that one bad message does not cost its batch.
 * The walk is iterative: it is itself safe on the deepest input.
 */
export const INPUT_DEPTH_MAX = 32;

/** The smallest magnitude of a non-zero number (PostgreSQL's real holds down to about 1e-38, then fails). */
export const NUMBER_MAGNITUDE_MIN = 1e-30;
/** The largest magnitude of a number (real holds up to about 3.4e38). */
export const NUMBER_MAGNITUDE_MAX = 1e30;

export interface InputProblem {
  /** The field's path, dot-separated (`name`, `messages.3.device_id`); the part's name for the part itself. */
  field: string;
  message: string;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text cannot be stored as sent, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'Must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'Must not contain an unpaired UTF-16 surrogate (half of a character)';
  return null;
}

/** Why a number cannot be stored, or null when it can. */
export function unstorableNumberReason(value: number): string | null {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value)) return 'Must be a finite number';
  if (magnitude !== 0 && magnitude < NUMBER_MAGNITUDE_MIN) return `Must be 0 or at least ${NUMBER_MAGNITUDE_MIN} in size`;
  if (magnitude > NUMBER_MAGNITUDE_MAX) return `Must be at most ${NUMBER_MAGNITUDE_MAX} in size`;
  return null;
}

/** Whether a value holds anything deeper than `depthMax` levels (iterative: safe on the deepest value). */
export function nestedDeeperThan(value: unknown, depthMax: number = INPUT_DEPTH_MAX): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (depth >= depthMax) return true;
    for (const child of Object.values(current)) pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * The problems of a value (up to `limit`), each naming its field; empty when the value is fine. Object keys are
 * judged like texts. `part` names the value itself (`body`, `query`, `params`) when the problem is at its root.
 */
export function unstorableInput(value: unknown, part: string, { depthMax = INPUT_DEPTH_MAX, limit = 10 } = {}): InputProblem[] {
  const problems: InputProblem[] = [];
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  const fieldOf = (path: readonly string[]) => (path.length > 0 ? path.join('.') : part);
  while (pending.length > 0 && problems.length < limit) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      const reason = unstorableTextReason(current);
      if (reason) problems.push({ field: fieldOf(path), message: reason });
      continue;
    }
    if (typeof current === 'number') {
      const reason = unstorableNumberReason(current);
      if (reason) problems.push({ field: fieldOf(path), message: reason });
      continue;
    }
    // Raw bytes (an image upload) are not text: their bytes are never walked.
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (path.length >= depthMax) {
      problems.push({ field: fieldOf(path), message: `Must not be nested deeper than ${depthMax} levels` });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      const reason = unstorableTextReason(key);
      if (reason) {
        problems.push({ field: fieldOf([...path, safeKey(key)]), message: `Property name: ${reason}` });
        continue;
      }
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return problems;
}

/** A key shown in an error message: the unstorable characters made visible, so the answer itself is storable. */
const safeKey = (key: string) => key.replaceAll('\u0000', '\\u0000').replace(new RegExp(LONE_SURROGATE, 'g'), '\ufffd');
