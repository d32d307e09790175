import { describe, expect, it } from 'vitest';
import { EARLY_ANSWER_MAX_AGE_MS, openEarlyStart, takeEarlyAnswer, takeEarlyClientConfig, type EarlyAnswer } from './early-answers';

const answer = (over: Partial<EarlyAnswer> = {}): EarlyAnswer => ({
  url: '/list?num_days=1',
  accessToken: 'token-a',
  tenant: 'netzero',
  sentAtMs: 1_000,
  response: Promise.resolve(new Response('{}')),
  ...over,
});

/** A page of its own for each test: the hand-over lives on the window. */
function pageWith(...answers: EarlyAnswer[]) {
  const page = {};
  const start = openEarlyStart(page);
  if (!start) throw new Error('a new page has no start yet');
  start.answers.push(...answers);
  return page;
}

describe('taking an early answer over', () => {
  it('hands it over once, to the same address, token and tenant', () => {
    const sent = answer();
    const page = pageWith(sent);
    expect(takeEarlyAnswer('/list?num_days=1', { accessToken: 'token-a', tenant: 'netzero' }, 2_000, page)).toBe(sent.response);
    expect(takeEarlyAnswer('/list?num_days=1', { accessToken: 'token-a', tenant: 'netzero' }, 2_000, page)).toBeNull();
  });

  it("never hands another user's or tenant's answer over", () => {
    const page = pageWith(answer());
    expect(takeEarlyAnswer('/list?num_days=1', { accessToken: 'token-b', tenant: 'netzero' }, 2_000, page)).toBeNull();
    expect(takeEarlyAnswer('/list?num_days=1', { accessToken: 'token-a', tenant: 'other' }, 2_000, page)).toBeNull();
    expect(takeEarlyAnswer('/list?num_days=1', { accessToken: 'token-a', tenant: null }, 2_000, page)).toBeNull();
    expect(takeEarlyAnswer('/list?num_days=1', null, 2_000, page)).toBeNull();
  });

  it('matches the whole address, query included', () => {
    const page = pageWith(answer());
    expect(takeEarlyAnswer('/list?num_days=7', { accessToken: 'token-a', tenant: 'netzero' }, 2_000, page)).toBeNull();
    expect(takeEarlyAnswer('/list', { accessToken: 'token-a', tenant: 'netzero' }, 2_000, page)).toBeNull();
  });

  it('hands over no answer older than the limit, and drops it', () => {
    const page = pageWith(answer({ sentAtMs: 1_000 }));
    const session = { accessToken: 'token-a', tenant: 'netzero' };
    expect(takeEarlyAnswer('/list?num_days=1', session, 1_000 + EARLY_ANSWER_MAX_AGE_MS + 1, page)).toBeNull();
    expect(takeEarlyAnswer('/list?num_days=1', session, 2_000, page)).toBeNull();
  });

  it('hands an answer over at exactly the limit', () => {
    const sent = answer({ sentAtMs: 1_000 });
    const page = pageWith(sent);
    expect(takeEarlyAnswer('/list?num_days=1', { accessToken: 'token-a', tenant: 'netzero' }, 1_000 + EARLY_ANSWER_MAX_AGE_MS, page)).toBe(
      sent.response,
    );
  });

  it('finds nothing on a page without the early script', () => {
    expect(takeEarlyAnswer('/list?num_days=1', { accessToken: 'token-a', tenant: 'netzero' }, 2_000, {})).toBeNull();
  });
});

describe('the client configuration fetched early', () => {
  it('is handed over once', async () => {
    const page = {};
    const start = openEarlyStart(page);
    if (!start) throw new Error('a new page has no start yet');
    start.clientConfig = Promise.resolve({ clientId: 'portal' });
    await expect(takeEarlyClientConfig(page)).resolves.toEqual({ clientId: 'portal' });
    expect(takeEarlyClientConfig(page)).toBeNull();
  });

  it('leaves the early script nothing to do once the app has started without it', () => {
    const page = {};
    expect(takeEarlyClientConfig(page)).toBeNull();
    expect(openEarlyStart(page)).toBeNull();
  });
});
