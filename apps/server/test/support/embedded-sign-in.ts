import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { configuredTokenVerifier } from '../../src/auth/configured-verifier';
import { loadConfig } from '../../src/config/env';
import type { Database } from '../../src/db/database';
import { buildModuleGraph } from '../../src/module-graph';
import { createConfiguredEmbeddedProvider } from '../../src/oidc/embedded-provider';

/** The portal with the embedded identity provider, configured from `env` (PUBLIC_URL unset unless given): its app and module graph. */
export async function createEmbeddedPortal(db: Database, env: Record<string, string> = {}, dataDir: string | null = null) {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...env });
  const embeddedProvider = await createConfiguredEmbeddedProvider(config, db, dataDir);
  const graph = buildModuleGraph({ config, db, jobs: embeddedProvider?.jobs });
  const app = await buildApp({ config, graph, embeddedProvider, verifyToken: configuredTokenVerifier(config, embeddedProvider) });
  return { app, graph };
}

/** The application with the embedded identity provider (createEmbeddedPortal's app). */
export const createEmbeddedApp = async (db: Database, env: Record<string, string> = {}, dataDir: string | null = null) =>
  (await createEmbeddedPortal(db, env, dataDir)).app;

/** One HTTP request of the flow and its answer: through `app.inject`, or over the network (`fetchSender`). */
export interface FlowRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}
export type FlowAnswer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'> & { json<T>(): T };
export type FlowSender = (request: FlowRequest) => Promise<FlowAnswer>;

/** The flow's requests sent over the network to `base` (a real server, a load balancer), redirects not followed. */
export const fetchSender =
  (base: string): FlowSender =>
  async ({ method, url, headers, payload }) => {
    const response = await fetch(new URL(url, base), { method, headers, body: payload ?? null, redirect: 'manual' });
    const body = await response.text();
    const answerHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers);
    answerHeaders['set-cookie'] = response.headers.getSetCookie();
    return { statusCode: response.status, headers: answerHeaders, body, json: <T>() => JSON.parse(body) as T };
  };

/** The cookies a browser would keep for one address. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Pick<LightMyRequestResponse, 'headers'>): void {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface SignInResult {
  accessToken: string;
  idToken: string;
  jar: CookieJar;
}

/**
 * A browser's authorization code flow with PKCE against the embedded provider, at the address `origin`
 * (sent as Host and as the redirect URI): the login form with `account` (skipped when the jar's session is
 * still signed in), then the code for tokens. Throws, naming the step, when the provider answers otherwise.
 */
export async function signInThroughProvider(
  app: FastifyInstance | FlowSender,
  origin: string,
  account: { email: string; password: string } | null,
  jar = new CookieJar(),
): Promise<SignInResult> {
  const send: FlowSender = typeof app === 'function' ? app : (request) => app.inject(request);
  const host = new URL(origin).host;
  const redirectUri = `${origin}/`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const get = async (url: string) => {
    const response = await send({ method: 'GET', url, headers: { host, cookie: jar.header() } });
    jar.take(response);
    return response;
  };
  const query = new URLSearchParams({
    client_id: 'gridlens-web',
    response_type: 'code',
    scope: 'openid profile email api',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: 'nonce-1',
  });
  let response = await get(`/oidc/auth?${query.toString()}`);
  for (let step = 0; step < 10; step += 1) {
    const location = String(response.headers.location ?? '');
    if (response.statusCode < 300 || response.statusCode >= 400 || !location) {
      throw new Error(`sign-in at ${origin} stopped at ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
    const target = new URL(location, origin);
    if (`${target.origin}${target.pathname}` === redirectUri) {
      const code = target.searchParams.get('code');
      if (!code) throw new Error(`sign-in at ${origin} came back without a code: ${location}`);
      return { ...(await redeem(code)), jar };
    }
    if (target.searchParams.has('failed')) throw new Error(`sign-in at ${origin} refused the password`);
    const path = `${target.pathname}${target.search}`;
    const page = await get(path);
    if (page.statusCode === 200 && page.body.includes('name="password"')) {
      if (!account) throw new Error(`sign-in at ${origin} asked for a password`);
      response = await send({
        method: 'POST',
        url: `${target.pathname}/login`,
        headers: { host, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: account.email, password: account.password }).toString(),
      });
      jar.take(response);
    } else {
      response = page;
    }
  }
  throw new Error(`sign-in at ${origin} did not finish`);

  async function redeem(code: string) {
    const answer = await send({
      method: 'POST',
      url: '/oidc/token',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: 'gridlens-web',
        code_verifier: verifier,
      }).toString(),
    });
    if (answer.statusCode !== 200) throw new Error(`token at ${origin} answered ${answer.statusCode}: ${answer.body}`);
    const tokens = answer.json<{ access_token: string; id_token: string }>();
    return { accessToken: tokens.access_token, idToken: tokens.id_token };
  }
}

/** The claims of a JWT, unverified (the tests read what the provider put in). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
