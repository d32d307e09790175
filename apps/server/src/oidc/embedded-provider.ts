import { randomBytes } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { withClaim, type ClaimPath } from '@gridlens/domain/claim-path';
import { languageTag, type Language } from '@gridlens/domain/language';
import type { ServerConfig } from '../config/env';
import type { Database } from '../db/database';
import { requestOrigin, type RequestAddress } from '../http/public-origin';
import type { ScheduledJob } from '../scheduler/scheduler';
import { databaseAdapter } from './database-adapter';
import { avatarSvg, authenticateDemoUser, DEMO_USERS, demoUserBySub, type DemoUser } from './demo-users';
import { escapeHtml, inMinutes, page, renderLoginPage, renderTooManyRequestsPage, signInPageText } from './login-page';
import { createOidcPayloadsRepository } from './oidc-payloads.repository';
import { loadProviderSecrets, publicJwk, type ProviderSecrets } from './signing-keys';

export const OIDC_MOUNT_PATH = '/oidc';
const API_SCOPE = 'api';

export interface EmbeddedProviderOptions {
  /** PUBLIC_URL when set: the one address of the provider. null: each request's own address (a trial). */
  publicUrl: string | null;
  clientId: string;
  audience: string;
  /**
   * The roles claim's path (OIDC_ROLES_CLAIM, as the configuration parsed it): the provider issues the roles where
   * the API and the web app read them.
   */
  rolesPath: ClaimPath;
  /** The tenant claim's path (OIDC_TENANT_CLAIM or its default): issued where the API and the web app read it. */
  tenantPath: ClaimPath;
  /** Where the signing key is kept; null keeps it in memory. */
  dataDir: string | null;
  /** Sign-in attempts allowed per address and account in 5 minutes (SIGN_IN_ATTEMPTS_PER_5_MIN, default 20). */
  signInAttemptsPer5Min: number;
  /** Sign-in attempts allowed per address across accounts in 5 minutes (SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN). */
  signInAttemptsPerAddressPer5Min: number;
  /** Sign-ins (visits to /oidc/auth) an address may start in 5 minutes (SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN). */
  signInStartsPerAddressPer5Min: number;
  /** The accounts that may sign in: the demo users in demo mode, none otherwise. */
  users: readonly DemoUser[];
  /** Where sessions, interactions, grants and codes are kept (table oidc_payloads). */
  db: Database;
}

export interface EmbeddedProvider {
  /** Verifies tokens with the provider's own public key, without an HTTP round trip. */
  keys: JWTVerifyGetKey;
  /** The issuer a request's tokens come from: PUBLIC_URL's, else that of the address it came to (null: a bad Host). */
  issuerFor(request: RequestAddress): string | null;
  register(app: FastifyInstance): void;
  /** Deletes expired sessions, interactions, grants and codes. */
  jobs: ScheduledJob[];
}

/** How many addresses keep a provider object at once (each is cheap to make again: its state is in the database). */
const PROVIDERS_KEPT = 32;

/** The embedded provider as the configuration asks: PUBLIC_URL's address or each request's, demo users in demo mode. */
export function createConfiguredEmbeddedProvider(config: ServerConfig, db: Database, dataDir: string | null): Promise<EmbeddedProvider> {
  return createEmbeddedProvider({
    ...config.auth,
    publicUrl: config.publicUrlIsSet ? config.publicUrl : null,
    dataDir,
    users: config.demoMode ? DEMO_USERS : [],
    db,
  });
}

/**
 * The built-in OpenID Connect provider (package oidc-provider) used when OIDC_ISSUER is unset:
 * authorization code + PKCE for the web app, JWT access tokens for the API audience, the demo users.
 */
export async function createEmbeddedProvider(options: EmbeddedProviderOptions): Promise<EmbeddedProvider> {
  const secrets = await loadProviderSecrets(options.db, options.dataDir);
  const payloads = createOidcPayloadsRepository(options.db);
  const Adapter = databaseAdapter(payloads);
  const fixedOrigin = options.publicUrl === null ? null : new URL(options.publicUrl).origin;
  const originOf = (request: RequestAddress) => fixedOrigin ?? requestOrigin(request);

  // One provider object per address the portal is reached at, each with its own issuer and its client's redirect
  // URIs on that address; all share the signing key, the cookie keys and the database. With PUBLIC_URL there is one.
  const providers = new Map<string, Provider>();
  const providerFor = (origin: string): Provider => {
    let provider = providers.get(origin);
    if (provider) return provider;
    if (providers.size >= PROVIDERS_KEPT) providers.delete(providers.keys().next().value ?? '');
    provider = new Provider(`${origin}${OIDC_MOUNT_PATH}`, providerConfiguration(origin, options, secrets, Adapter));
    // Koa reads the address from X-Forwarded-*, which forwardedTo() sets from what Fastify believed (TRUST_PROXY).
    provider.proxy = true;
    provider.use(corsForOwnOrigin(origin));
    providers.set(origin, provider);
    return provider;
  };
  /** The provider of a request's address, with the request's X-Forwarded-* made what Fastify believed; null: bad Host. */
  const providerOf = (req: FastifyRequest): Provider | null => {
    const origin = originOf(req);
    if (!origin) return null;
    const { protocol, host } = new URL(origin);
    Object.assign(req.raw.headers, { 'x-forwarded-proto': protocol.slice(0, -1), 'x-forwarded-host': host, 'x-forwarded-for': req.ip });
    return providerFor(origin);
  };
  const cleanup: ScheduledJob = {
    name: 'oidc-cleanup',
    everyMs: 3_600_000,
    firstAfterMs: 60_000,
    run: async () => void (await payloads.deleteExpired()),
  };
  return {
    keys: createLocalJWKSet({ keys: [publicJwk(secrets.signingKey)] }),
    issuerFor: (request) => {
      const origin = originOf(request);
      return origin === null ? null : `${origin}${OIDC_MOUNT_PATH}`;
    },
    register: (app) => registerRoutes(app, providerOf, options),
    jobs: [cleanup],
  };
}

/**
 * oidc-provider answers CORS preflights and error answers with whatever Origin was sent; only the client's own
 * origin (the portal at this provider's address) may read the token endpoint's answers. Discovery and keys are
 * public documents and stay readable from anywhere.
 */
function corsForOwnOrigin(origin: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const requestOriginHeader = ctx.get('Origin');
    if (!requestOriginHeader || requestOriginHeader === origin) return;
    if (ctx.path === '/.well-known/openid-configuration' || ctx.path === '/jwks') return;
    ctx.remove('Access-Control-Allow-Origin');
    ctx.remove('Access-Control-Allow-Credentials');
  };
}

function identityClaims(user: DemoUser, options: EmbeddedProviderOptions) {
  return withClaim(withClaim({}, options.tenantPath, user.tenant), options.rolesPath, user.roles);
}

function providerConfiguration(
  origin: string,
  options: EmbeddedProviderOptions,
  secrets: ProviderSecrets,
  adapter: Configuration['adapter'],
): Configuration {
  const { users } = options;
  return {
    adapter,
    clients: [
      {
        client_id: options.clientId,
        client_name: 'Gridlens',
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${origin}/`, `${origin}/silent-renew.html`],
        post_logout_redirect_uris: [`${origin}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: secrets.cookieKeys },
    scopes: ['openid', 'profile', 'email', API_SCOPE],
    claims: {
      // The top-level claims that hold the roles (the first step of their path) and the app metadata.
      openid: [...new Set(['sub', ...options.rolesPath.slice(0, 1), ...options.tenantPath.slice(0, 1)])],
      profile: ['name', 'picture'],
      email: ['email', 'email_verified'],
    },
    // Put name, picture, roles and tenant in the ID token: the web app reads them from there.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const user = demoUserBySub(users, sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.name,
          email: user.email,
          email_verified: true,
          picture: `${origin}${OIDC_MOUNT_PATH}/avatar/${sub}.svg`,
          ...identityClaims(user, options),
        }),
      };
    },
    extraTokenClaims: (_ctx, token) => {
      const user = 'accountId' in token && typeof token.accountId === 'string' ? demoUserBySub(users, token.accountId) : null;
      // The email too: the API writes to the user (a failing report schedule's owner) at that address.
      return user ? { name: user.name, email: user.email, ...identityClaims(user, options) } : undefined;
    },
    // Authorization code with PKCE only: no implicit or hybrid flow is offered (nor advertised).
    responseTypes: ['code'],
    // The portal is a public client: no client secret, signed client assertion or HS256 is used, so none is offered.
    clientAuthMethods: ['none'],
    enabledJWA: { clientAuthSigningAlgValues: [] },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    features: {
      devInteractions: { enabled: false },
      // Neither pushed authorization requests nor DPoP-bound tokens are used by the web app: not offered.
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      // The access tokens are for the portal's API (a resource server), which userinfo refuses; the web app reads
      // the ID token. So userinfo is neither served nor advertised.
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== options.audience) throw new Error(`Unknown resource ${resource}`);
          return { scope: API_SCOPE, audience: options.audience, accessTokenFormat: 'jwt', accessTokenTTL: 3600 };
        },
      },
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT_PATH}/interaction/${interaction.uid}` },
    ttl: { AccessToken: 3600, IdToken: 3600, Interaction: 3600, Session: 14 * 24 * 3600, Grant: 14 * 24 * 3600, AuthorizationCode: 60 },
    renderError: (ctx, _out, _error) => {
      const { language, t } = signInPageText(ctx.query['ui_locales']);
      ctx.type = 'html';
      ctx.body = page(
        language,
        t('auth.signInPage.errorTitle'),
        `<h1>${escapeHtml(t('auth.signInPage.errorTitle'))}</h1><p>${escapeHtml(t('auth.signInPage.errorBody'))}</p><p><a href="/">${escapeHtml(t('auth.signInPage.backToPortal'))}</a></p>`,
      );
    },
  };
}

/** Sign-out submits itself: the portal already asked the user. Inline script allowed by a per-response nonce. */
function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  const { language, t } = signInPageText(ctx.oidc.params?.['ui_locales']);
  const nonce = randomBytes(16).toString('base64');
  ctx.set(
    'Content-Security-Policy',
    `default-src 'self'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self' ${new URL(ctx.oidc.issuer).origin}`,
  );
  ctx.body = page(
    language,
    t('auth.signInPage.signOut'),
    `<h1>${escapeHtml(t('auth.signInPage.signingOut'))}</h1>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<button type="submit" form="op.logoutForm">${escapeHtml(t('auth.signInPage.signOut'))}</button>
<script nonce="${nonce}">document.getElementById('op.logoutForm').submit()</script>`,
  );
}

function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  const { language, t } = signInPageText(undefined);
  ctx.body = page(
    language,
    t('auth.signInPage.signedOut'),
    `<h1>${escapeHtml(t('auth.signInPage.signedOut'))}</h1><p><a href="/">${escapeHtml(t('auth.signInPage.backToPortal'))}</a></p>`,
  );
}

/** The provider speaks OpenID Connect, described by its own discovery document: none of it belongs in the API reference. */
const hidden = { schema: { hide: true } };

type ProviderOf = (req: FastifyRequest) => Provider | null;

const badHost = (reply: FastifyReply) =>
  reply.status(400).send({ error: 'bad_request', message: 'The Host header names no host or address' });

/** The texts of the language a request's query asks for as `ui_locales`: the portal's to /oidc/auth, the sign-in form's action. */
const textsAsked = (req: FastifyRequest) => signInPageText((req.query as Record<string, unknown>)['ui_locales']);

function registerRoutes(app: FastifyInstance, providerOf: ProviderOf, options: EmbeddedProviderOptions): void {
  // Slows password spraying: attempts per address across every account (before the body is read).
  const perAddress = app.createRateLimit({
    max: options.signInAttemptsPerAddressPer5Min,
    timeWindow: 300_000,
    keyGenerator: (req) => `sign-in-address:${req.ip}`,
  });
  // Slows password guessing: by default 20 attempts per address and account (after the body is parsed, to see the account).
  const perAccount = app.createRateLimit({
    max: options.signInAttemptsPer5Min,
    timeWindow: 300_000,
    keyGenerator: (req) => `sign-in-account:${req.ip}:${loginEmail(req.body)}`,
  });
  // Each signed-out visit to /oidc/auth stores an interaction for an hour: this bounds how many one address (an
  // IPv6 address by its /64, which one client usually holds whole) can start.
  const starts = app.createRateLimit({
    max: options.signInStartsPerAddressPer5Min,
    timeWindow: 300_000,
    keyGenerator: (req) => `sign-in-start:${normalizeIP(req.ip)}`,
  });
  type Limit = typeof perAddress;
  /** Counts the request; when over the limit, answers 429 with Retry-After and the page render() gives. */
  const limited = async (limit: Limit, req: FastifyRequest, reply: FastifyReply, render: (retryAfterSeconds: number) => string) => {
    const state = await limit(req);
    if (state.isAllowed || !state.isExceeded) return false;
    await reply
      .status(429)
      .header('retry-after', String(state.ttlInSeconds))
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(render(state.ttlInSeconds));
    return true;
  };
  /** The sign-in form again, saying that there were too many attempts and when to try again. */
  const tooManyAttempts = (req: FastifyRequest<{ Params: { uid: string } }>, email: string) => (retryAfterSeconds: number) => {
    const { language, t } = textsAsked(req);
    return renderLoginPage({
      language,
      t,
      action: loginAction(req.params.uid, language),
      email,
      error: t('auth.signInPage.tooManyAttempts', { when: inMinutes(language, retryAfterSeconds) }),
      demoUsers: options.users,
    });
  };

  // Interaction pages (login) are ours; everything else under /oidc is the provider's.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8_192 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.get<{ Params: { uid: string } }>(`${OIDC_MOUNT_PATH}/interaction/:uid`, hidden, (req, reply) => {
      const provider = providerOf(req);
      return provider ? showInteraction(provider, options, req, reply) : badHost(reply);
    });
    scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${OIDC_MOUNT_PATH}/interaction/:uid/login`,
      {
        ...hidden,
        onRequest: async (req, reply) => {
          if (await limited(perAddress, req, reply, tooManyAttempts(req, ''))) return reply;
        },
        preHandler: async (req, reply) => {
          if (await limited(perAccount, req, reply, tooManyAttempts(req, loginEmail(req.body)))) return reply;
        },
      },
      (req, reply) => {
        const provider = providerOf(req);
        return provider ? submitLogin(provider, options.users, req, reply) : badHost(reply);
      },
    );
    scope.get<{ Params: { file: string } }>(`${OIDC_MOUNT_PATH}/avatar/:file`, hidden, async (req, reply) => {
      const user = demoUserBySub(options.users, req.params.file.replace(/\.svg$/, ''));
      if (!user) return reply.status(404).send({ error: 'not_found', message: 'No such avatar' });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(avatarSvg(user));
    });
    done();
  });

  void app.register((scope, _options, done) => {
    // The provider reads request bodies itself, so this scope must leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const forward = (req: FastifyRequest, reply: FastifyReply) => {
      const provider = providerOf(req);
      if (!provider) return badHost(reply);
      reply.hijack();
      const raw = req.raw as typeof req.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(OIDC_MOUNT_PATH.length) || '/';
      void provider.callback()(raw, reply.raw);
    };
    scope.all(OIDC_MOUNT_PATH, hidden, forward);
    scope.all(
      `${OIDC_MOUNT_PATH}/auth`,
      {
        ...hidden,
        onRequest: async (req, reply) => {
          const tooMany = (retryAfterSeconds: number) => {
            const { language, t } = textsAsked(req);
            return renderTooManyRequestsPage(language, t, retryAfterSeconds);
          };
          if (await limited(starts, req, reply, tooMany)) return reply;
        },
      },
      forward,
    );
    scope.all(`${OIDC_MOUNT_PATH}/*`, hidden, forward);
    done();
  });
}

async function showInteraction(provider: Provider, options: EmbeddedProviderOptions, req: FastifyRequest, reply: FastifyReply) {
  const details = await provider.interactionDetails(req.raw, reply.raw);
  const { language, t } = signInPageText(details.params['ui_locales']);
  if (details.prompt.name === 'login') {
    const failed = 'failed' in (req.query as Record<string, unknown>);
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(
        renderLoginPage({
          language,
          t,
          action: loginAction(details.uid, language),
          email: '',
          error: failed ? t('auth.signInPage.invalid') : null,
          demoUsers: options.users,
        }),
      );
  }
  // The portal is the provider's only, first-party client: consent is implied, never asked.
  const accountId = details.session?.accountId;
  if (!accountId) return reply.redirect('/');
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId: String(details.params['client_id']) });
  if (!grant) return reply.redirect('/');
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
  const grantId = await grant.save();
  reply.hijack();
  await provider.interactionFinished(req.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** Where the sign-in form posts, carrying its language for the pages that answer before the interaction is read. */
function loginAction(uid: string, language: Language): string {
  return `${OIDC_MOUNT_PATH}/interaction/${encodeURIComponent(uid)}/login?ui_locales=${languageTag(language)}`;
}

/** The account a sign-in form names (lower-cased), or '' when it names none. */
function loginEmail(body: unknown): string {
  const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['email'] : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

async function submitLogin(
  provider: Provider,
  users: readonly DemoUser[],
  req: FastifyRequest<{ Params: { uid: string }; Body: Record<string, string> }>,
  reply: FastifyReply,
) {
  const details = await provider.interactionDetails(req.raw, reply.raw);
  const user = authenticateDemoUser(users, req.body['email'] ?? '', req.body['password'] ?? '');
  if (!user) return reply.redirect(`${OIDC_MOUNT_PATH}/interaction/${details.uid}?failed`, 303);
  reply.hijack();
  await provider.interactionFinished(req.raw, reply.raw, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
}
