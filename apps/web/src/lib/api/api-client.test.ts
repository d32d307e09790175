import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { configApi } from '@gridlens/contract/config';
import type { reportSchedulesApi } from '@gridlens/contract/report-schedules';
import { pathOf } from '@gridlens/contract/route';
import { configRoutes } from '@gridlens/contract/routes/config';
import { reportSchedulesRoutes } from '@gridlens/contract/routes/report-schedules';
import { ApiRequestError, apiClient, configureApiClient, fileNameOf, quietly } from './api-client';

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
      onTokenRefused: () => undefined,
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
    expect(onForbidden).toHaveBeenCalledWith('/assets?x=1', 'forbidden');
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

// The signed-in user used to read "Check your connection" when the API refused a token its identity provider issued
// wrongly: the refusal's reason is now read from WWW-Authenticate and the app told, so that it can say so in words.
describe('a request whose token is refused', () => {
  const onTokenRefused = vi.fn();
  const config = apiClient<typeof configApi>('config', configRoutes);
  const answer401 = (challenge: string) => () =>
    Promise.resolve(
      new Response(JSON.stringify({ error: 'unauthorized', message: 'No' }), {
        status: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': challenge },
      }),
    );

  beforeEach(() => {
    vi.stubGlobal('window', { location: { pathname: '/assets', search: '', hash: '' } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configureApiClient({
      getSession: () => Promise.resolve({ accessToken: 'token', tenant: 'netzero' }),
      onBadRequest: () => undefined,
      onForbidden: () => undefined,
      onTokenRefused,
      onRequestStarted: () => undefined,
      onRequestFinished: () => undefined,
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it('tells the app when the identity provider is set up wrongly, and gives the caller the reason', async () => {
    vi.stubGlobal(
      'fetch',
      answer401(
        'Bearer realm="gridlens", error="invalid_token", error_description="The access token has no roles claim at realm_access.roles", reason="roles_claim"',
      ),
    );
    const error = await config.sections().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(401);
    expect(onTokenRefused).toHaveBeenCalledWith({
      reason: 'roles_claim',
      description: 'The access token has no roles claim at realm_access.roles',
    });
  });

  it('does not call an expired token or a request without one a set-up fault', async () => {
    vi.stubGlobal(
      'fetch',
      answer401('Bearer realm="gridlens", error="invalid_token", error_description="The access token has expired", reason="expired"'),
    );
    await expect(config.sections()).rejects.toMatchObject({ status: 401 });
    vi.stubGlobal('fetch', answer401('Bearer realm="gridlens"'));
    await expect(config.sections()).rejects.toMatchObject({ status: 401 });
    expect(onTokenRefused).not.toHaveBeenCalled();
  });
});

// A download is saved under the name the server gave it, in the user's language ("Tuarascáil …"), not a made-up one.
describe('a file the API answers', () => {
  const reports = apiClient<typeof reportSchedulesApi>('report-schedules', reportSchedulesRoutes);
  const id = '7b1f0c2e-8a4d-4e5b-9c6f-0123456789ab';

  beforeEach(() => {
    configureApiClient({
      getSession: () => Promise.resolve({ accessToken: 'token', tenant: 'fleetco' }),
      onBadRequest: () => undefined,
      onForbidden: () => undefined,
      onTokenRefused: () => undefined,
      onRequestStarted: () => undefined,
      onRequestFinished: () => undefined,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is a File of the name its Content-Disposition gives, with its bytes and type', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="Tuarascail KPI 2026-W47.pdf"; filename*=UTF-8''Tuarasc%C3%A1il%20KPI%202026-W47.pdf`,
          },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const file = await reports.reportFile({ params: { id, format: 'pdf' }, query: { language: 'GA' } });
    expect(fetch).toHaveBeenCalledWith(
      `${pathOf(reportSchedulesRoutes.reportFile, { id, format: 'pdf' })}?language=GA`,
      expect.objectContaining({ method: 'GET' }),
    );
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('Tuarascáil KPI 2026-W47.pdf');
    expect(file.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('%PDF-');
  });

  it('stays a plain Blob when the answer names no file', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(new Uint8Array([1, 2]), { status: 200, headers: { 'content-type': 'image/png' } })),
    );
    const blob = await reports.reportFile({ params: { id, format: 'xlsx' } });
    expect(blob).not.toBeInstanceOf(File);
    expect(blob.size).toBe(2);
  });

  it.each([
    {
      header: `attachment; filename="a.csv"; filename*=UTF-8''Rapport%20de%20flotte%20%E2%80%93%20S.csv`,
      name: 'Rapport de flotte – S.csv',
    },
    { header: 'attachment; filename="Weekly fleet report 2026-W47.xlsx"', name: 'Weekly fleet report 2026-W47.xlsx' },
    { header: 'attachment; filename=report.zip', name: 'report.zip' },
    { header: 'attachment; filename="say \\"hi\\".csv"', name: 'say "hi".csv' },
    { header: `attachment; filename*=UTF-8''bad%E0%A4; filename="plain.pdf"`, name: 'plain.pdf' },
    { header: 'attachment', name: null },
    { header: null, name: null },
  ])('reads the name of $header', ({ header, name }) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
