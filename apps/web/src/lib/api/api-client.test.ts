import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { configApi } from '@gridlens/contract/config';
import { configRoutes } from '@gridlens/contract/routes/config';
import { ApiRequestError, apiClient, configureApiClient, quietly } from './api-client';

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
