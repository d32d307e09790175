import { afterEach, describe, expect, it, vi } from 'vitest';
import type { assetsApi } from '@gridlens/contract/assets';
import type { configApi } from '@gridlens/contract/config';
import { assetsRoutes } from '@gridlens/contract/routes/assets';
import { configRoutes } from '@gridlens/contract/routes/config';
import { apiClient, configureApiClient } from './api-client';
import { isSignInCallback, sendEarlyRequests, storedSession } from './early-requests';
import { assetListInput, firstRequestUrls, userSettingsInput } from './first-requests';

const config = { authority: 'http://localhost:3000/oidc', clientId: 'portal', appMetadataClaim: 'app_metadata', tenantKey: 'tenant' };
const KEY = 'oidc.user:http://localhost:3000/oidc:portal';
const NOW_S = 1_800_000_000;
const storageWith = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });
const storedUser = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    access_token: 'token-a',
    expires_at: NOW_S + 300,
    profile: { sub: 'u1', app_metadata: { tenant: 'netzero' } },
    ...over,
  });

describe('the stored sign-in, read before the shell', () => {
  it("gives the access token and the tenant of the token's claims", () => {
    expect(storedSession(storageWith({ [KEY]: storedUser() }), config, NOW_S)).toEqual({ accessToken: 'token-a', tenant: 'netzero' });
  });

  it('reads only the key of this identity provider and client', () => {
    expect(storedSession(storageWith({ 'oidc.user:http://elsewhere/oidc:portal': storedUser() }), config, NOW_S)).toBeNull();
  });

  it('gives nothing for an expired token, as oidc-client-ts judges it (expires_at - now <= 0)', () => {
    expect(storedSession(storageWith({ [KEY]: storedUser({ expires_at: NOW_S }) }), config, NOW_S)).toBeNull();
    expect(storedSession(storageWith({ [KEY]: storedUser({ expires_at: NOW_S + 1 }) }), config, NOW_S)).not.toBeNull();
  });

  it('gives nothing for a user without an expiry or token, or unreadable storage', () => {
    expect(storedSession(storageWith({ [KEY]: storedUser({ expires_at: undefined }) }), config, NOW_S)).toBeNull();
    expect(storedSession(storageWith({ [KEY]: storedUser({ access_token: undefined }) }), config, NOW_S)).toBeNull();
    expect(storedSession(storageWith({ [KEY]: '{not json' }), config, NOW_S)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(storedSession(refusing, config, NOW_S)).toBeNull();
  });

  it('gives a null tenant when the claims name none', () => {
    expect(storedSession(storageWith({ [KEY]: storedUser({ profile: { sub: 'u1' } }) }), config, NOW_S)).toEqual({
      accessToken: 'token-a',
      tenant: null,
    });
  });
});

describe('the early requests', () => {
  afterEach(() => vi.useRealTimers());

  it("send the settings and, on a screen it knows, the screen's data, with bearer and Tenant header", () => {
    const send = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}')));
    const answers = sendEarlyRequests({ accessToken: 'token-a', tenant: 'netzero' }, '/assets', send, 5);
    expect(answers.map((a) => a.url)).toEqual(firstRequestUrls('/assets'));
    expect(answers.map((a) => a.url)).toContain(`${assetsRoutes.list.path}?num_days=1`);
    expect(answers.every((a) => a.accessToken === 'token-a' && a.tenant === 'netzero' && a.sentAtMs === 5)).toBe(true);
    for (const [, init] of send.mock.calls) {
      expect(init?.headers).toEqual({ accept: 'application/json', authorization: 'Bearer token-a', tenant: 'netzero' });
      expect(init?.method).toBe('GET');
    }
  });

  it('send no Tenant header when the token names no tenant', () => {
    const send = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}')));
    sendEarlyRequests({ accessToken: 'token-a', tenant: null }, '/profile', send, 0);
    expect(send.mock.calls[0]?.[1]?.headers).toEqual({ accept: 'application/json', authorization: 'Bearer token-a' });
  });

  it('send only the settings for a screen it does not know', () => {
    expect(firstRequestUrls('/profile')).toHaveLength(3);
    expect(firstRequestUrls('/assets/')).toEqual(firstRequestUrls('/profile'));
  });

  it('give up a request whose answer does not start within the time limit', async () => {
    vi.useFakeTimers();
    const send = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const [first] = sendEarlyRequests({ accessToken: 'token-a', tenant: null }, '/profile', send, 0);
    const outcome = first?.response.then(
      () => 'answered',
      () => 'given up',
    );
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(outcome).resolves.toBe('given up');
  });

  it('are sent to the very addresses the API client asks for', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } }));
    });
    configureApiClient({
      getSession: () => Promise.resolve(null),
      onBadRequest: () => undefined,
      onForbidden: () => undefined,
      onRequestStarted: () => undefined,
      onRequestFinished: () => undefined,
    });
    const configClient = apiClient<typeof configApi>('config', configRoutes);
    const assetsClient = apiClient<typeof assetsApi>('powerdata', assetsRoutes);
    await configClient.tenantSettings();
    await configClient.userSettings(userSettingsInput());
    await configClient.sections();
    await assetsClient.list(assetListInput);
    vi.unstubAllGlobals();
    expect(asked).toEqual(firstRequestUrls('/assets'));
  });
});

describe('a sign-in answer in the address bar', () => {
  it('is recognised, so that nothing is sent with the token about to be replaced', () => {
    expect(isSignInCallback('?code=abc&state=x')).toBe(true);
    expect(isSignInCallback('?state=x&error=access_denied')).toBe(true);
    expect(isSignInCallback('?tab=charts')).toBe(false);
    expect(isSignInCallback('')).toBe(false);
  });
});
