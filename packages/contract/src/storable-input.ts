/**
 * What every request's path parameters, query and body must be, whatever their schemas say, because the
 * database could not hold it or the server could not walk it safely:
 * - no NUL character (U+0000): PostgreSQL's text and jsonb refuse it, and the whole statement fails;
 * - no unpaired UTF-16 surrogate (half of a character): it has no UTF-8 form, so it cannot be stored as sent;
 * - no nesting deeper than {@link INPUT_DEPTH_MAX} levels: no request of the API needs more, and deeper values
 *   overflow the stack of whatever walks them recursively (JSON.stringify, jsonb, a validator).
 *
 * The server checks this once for every endpoint before its schemas run (`bind-endpoint.ts`), and ingest for
 * each device message on its own (`message-validation.ts`), so that one bad message does not cost its batch.
 * The walk is iterative: it is itself safe on the deepest input.
 */
export const INPUT_DEPTH_MAX = 32;

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
