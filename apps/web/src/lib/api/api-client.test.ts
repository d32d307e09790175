import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { configApi } from '@gridlens/contract/config';
import { configRoutes } from '@gridlens/contract/routes/config';
import { ApiRequestError, apiClient, configureApiClient, quietly } from './api-client';
import { openEarlyStart } from './early-answers';

// Answers asked for ahead of need (app/screen-preload.ts) must not act on the page: a 403 of a screen the tenant does
// not have would otherwise send the user to /error before the shell could say "limited access".
describe('a quiet request', () => {
  const onForbidden = vi.fn();
  const onBadRequest = vi.fn();
  const config = apiClient<typeof configApi>('config', configRoutes);

  beforeEach(() => {
    vi.stubGlobal('window', { location: { pathname: '/assets', search: '?x=1', hash: '' } });
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'forbidden', message: 'No' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    configureApiClient({
      getSession: () => Promise.resolve({ accessToken: 'token', tenant: 'netzero' }),
      onBadRequest,
      onForbidden,
      onRequestStarted: () => undefined,
      onRequestFinished: () => undefined,
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('rejects a 403 to its caller without sending the page to /error', async () => {
    await expect(quietly(() => config.sections())).rejects.toBeInstanceOf(ApiRequestError);
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('leaves requests made after it loud again', async () => {
    await expect(quietly(() => config.sections())).rejects.toMatchObject({ status: 403 });
    await expect(config.sections()).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onForbidden).toHaveBeenCalledWith('/assets?x=1');
  });

  it('keeps a 400 quiet as well: no error snackbar', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'bad_request', message: 'Bad' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    await expect(quietly(() => config.sections())).rejects.toMatchObject({ status: 400 });
    expect(onBadRequest).not.toHaveBeenCalled();
  });
});

// The answers the early script asked for before the shell arrived (early-start.ts) are taken over by the one
// request that would have asked for them, and go through the same rules as any answer.
describe('an answer asked for early', () => {
  const onForbidden = vi.fn();
  const onRequestStarted = vi.fn();
  const onRequestFinished = vi.fn();
  const fetched = vi.fn<(url: string) => Promise<Response>>();
  const config = apiClient<typeof configApi>('config', configRoutes);
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  /** The early script's answer to the section catalogue, sent with `accessToken` for tenant netzero. */
  function sentEarly(response: Promise<Response>, accessToken = 'token') {
    const start = openEarlyStart();
    if (!start) throw new Error('the early start exists already');
    start.answers.push({ url: configRoutes.sections.path, accessToken, tenant: 'netzero', sentAtMs: performance.now(), response });
  }

  const forgetEarlyStart = () => delete (globalThis as Record<string, unknown>)['__gridlensEarlyStart'];

  beforeEach(() => {
    forgetEarlyStart(); // the tests before made requests, which mark the app as started
    vi.stubGlobal('window', { location: { pathname: '/assets', search: '', hash: '' } });
    fetched.mockImplementation(() => Promise.resolve(json(200, { asked: 'again' })));
    vi.stubGlobal('fetch', fetched);
    configureApiClient({
      getSession: () => Promise.resolve({ accessToken: 'token', tenant: 'netzero' }),
      onBadRequest: () => undefined,
      onForbidden,
      onRequestStarted,
      onRequestFinished,
    });
  });

  afterEach(() => {
    forgetEarlyStart();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('is taken over once instead of asking again, counted as one request', async () => {
    sentEarly(Promise.resolve(json(200, { early: true })));
    await expect(config.sections()).resolves.toEqual({ early: true });
    expect(fetched).not.toHaveBeenCalled();
    expect(onRequestStarted).toHaveBeenCalledTimes(1);
    expect(onRequestFinished).toHaveBeenCalledTimes(1);
    await expect(config.sections()).resolves.toEqual({ asked: 'again' });
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it("is not taken by another user's session: that asks itself", async () => {
    sentEarly(Promise.resolve(json(200, { early: true })), 'someone-else');
    await expect(config.sections()).resolves.toEqual({ asked: 'again' });
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('answering 403 sends the page to /error as any answer would', async () => {
    sentEarly(Promise.resolve(json(403, { error: 'forbidden', message: 'No' })));
    await expect(config.sections()).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledWith('/assets');
    expect(fetched).not.toHaveBeenCalled();
  });

  it('that failed on the way is asked for again', async () => {
    sentEarly(Promise.reject(new TypeError('Failed to fetch')));
    await expect(config.sections()).resolves.toEqual({ asked: 'again' });
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(onRequestFinished).toHaveBeenCalledTimes(1);
  });
});
