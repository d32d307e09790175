import { afterEach, describe, expect, it } from 'vitest';
import { createTokenRefusalLog, TOKEN_REFUSAL_LOG_WINDOW_MS } from './token-refusal-log';

function fakeLog() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  return { lines, log: { warn: at('warn'), info: at('info') } };
}

describe('the refused tokens log', () => {
  let close = () => undefined as void;
  afterEach(() => close());

  it('writes the first refusal of a reason at once, and the rest of its minute as one count', () => {
    let now = 5_000_000;
    const { lines, log } = fakeLog();
    const refusals = createTokenRefusalLog(log as never, () => now);
    close = refusals.close;

    refusals.record({ reason: 'audience', description: 'The access token’s audience is account, not urn:gridlens:api' });
    for (let i = 0; i < 41; i += 1) {
      now += 1000;
      refusals.record({ reason: 'audience', description: 'The access token’s audience is account, not urn:gridlens:api' });
    }
    refusals.record({ reason: 'issuer', description: 'The access token’s issuer is x' });
    expect(lines.map((l) => [l.level, l.fields['reason'], l.fields['count'], l.fields['suppressed']])).toEqual([
      ['warn', 'audience', 1, false],
      ['warn', 'issuer', 1, false],
    ]);
    expect(lines[0]?.message).toMatch(/^bearer token refused \(audience\): .*account/);

    now = 5_000_000 + TOKEN_REFUSAL_LOG_WINDOW_MS;
    refusals.sweep();
    refusals.sweep();
    expect(lines.slice(2).map((l) => [l.fields['reason'], l.fields['count'], l.fields['suppressed']])).toEqual([['audience', 41, true]]);
    expect(lines[2]?.message).toMatch(/^41 more bearer token\(s\) refused \(audience\) within the minute/);

    // A new minute writes the next refusal at once again; the issuer's window, with nothing held back, wrote nothing more.
    refusals.record({ reason: 'audience', description: 'again' });
    expect(lines.map((l) => l.fields['count'])).toEqual([1, 1, 41, 1]);
  });

  it('writes the count held back when the next refusal comes after the minute, even before the sweep', () => {
    let now = 0;
    const { lines, log } = fakeLog();
    const refusals = createTokenRefusalLog(log as never, () => now);
    close = refusals.close;
    refusals.record({ reason: 'signature', description: 'a' });
    refusals.record({ reason: 'signature', description: 'b' });
    now = TOKEN_REFUSAL_LOG_WINDOW_MS + 1;
    refusals.record({ reason: 'signature', description: 'c' });
    expect(lines.map((l) => [l.fields['count'], l.fields['description']])).toEqual([
      [1, 'a'],
      [1, 'b'],
      [1, 'c'],
    ]);
    expect(lines[1]?.fields['suppressed']).toBe(true);
  });

  it('logs an expired token at info: it is routine, not a fault', () => {
    const { lines, log } = fakeLog();
    const refusals = createTokenRefusalLog(log as never, () => 0);
    close = refusals.close;
    refusals.record({ reason: 'expired', description: 'The access token has expired' });
    expect(lines[0]?.level).toBe('info');
  });
});
