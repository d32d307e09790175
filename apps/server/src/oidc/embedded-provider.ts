import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { avatarSvg, authenticateDemoUser, DEMO_USERS, demoUserBySub, type DemoUser } from './demo-users';
import { escapeHtml, page, renderLoginPage, signInPageText } from './login-page';
import { loadProviderSecrets, publicJwk } from './signing-keys';

export const OIDC_MOUNT_PATH = '/oidc';
const API_SCOPE = 'api';

export interface EmbeddedProviderOptions {
  issuer: string;
  publicUrl: string;
  clientId: string;
  audience: string;
  rolesClaim: string;
  appMetadataClaim: string;
  tenantKey: string;
  /** Where the signing key is kept; null keeps it in memory. */
  dataDir: string | null;
  /** Sign-in attempts allowed per address and account in 5 minutes (SIGN_IN_ATTEMPTS_PER_5_MIN, default 20). */
  signInAttemptsPer5Min: number;
}

export interface EmbeddedProvider {
  /** Verifies tokens with the provider's own public key, without an HTTP round trip. */
  keys: JWTVerifyGetKey;
  register(app: FastifyInstance): void;
}

/**
 * The built-in OpenID Connect provider (package oidc-provider) used when OIDC_ISSUER is unset:
 * authorization code + PKCE for the web app, JWT access tokens for the API audience, the demo users.
 */
export async function createEmbeddedProvider(options: EmbeddedProviderOptions): Promise<EmbeddedProvider> {
  const secrets = await loadProviderSecrets(options.dataDir);
  const provider = new Provider(options.issuer, providerConfiguration(options, secrets));
  // The portal may sit behind a TLS-terminating proxy; trust its X-Forwarded-* headers.
  provider.proxy = true;
  return {
    keys: createLocalJWKSet({ keys: [publicJwk(secrets.signingKey)] }),
    register: (app) => registerRoutes(app, provider, options),
  };
}

function identityClaims(user: DemoUser, options: EmbeddedProviderOptions) {
  return {
    [options.rolesClaim]: user.roles,
    [options.appMetadataClaim]: { [options.tenantKey]: user.tenant },
  };
}

function providerConfiguration(options: EmbeddedProviderOptions, secrets: Awaited<ReturnType<typeof loadProviderSecrets>>): Configuration {
  const { publicUrl } = options;
  return {
    clients: [
      {
        client_id: options.clientId,
        client_name: 'Gridlens',
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${publicUrl}/`, `${publicUrl}/silent-renew.html`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: secrets.cookieKeys },
    scopes: ['openid', 'profile', 'email', API_SCOPE],
    claims: {
      openid: ['sub', options.rolesClaim, options.appMetadataClaim],
      profile: ['name', 'picture'],
      email: ['email', 'email_verified'],
    },
    // Put name, picture, roles and tenant in the ID token: the web app reads them from there.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const user = demoUserBySub(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.name,
          email: user.email,
          email_verified: true,
          picture: `${publicUrl}${OIDC_MOUNT_PATH}/avatar/${sub}.svg`,
          ...identityClaims(user, options),
        }),
      };
    },
    extraTokenClaims: (_ctx, token) => {
      const user = 'accountId' in token && typeof token.accountId === 'string' ? demoUserBySub(token.accountId) : null;
      return user ? { name: user.name, ...identityClaims(user, options) } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
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
        `<h1>${escapeHtml(t('auth.signInPage.errorTitle'))}</h1><p>${escapeHtml(t('auth.signInPage.errorBody'))}</p><p><a href="${escapeHtml(publicUrl)}/">${escapeHtml(t('auth.signInPage.backToPortal'))}</a></p>`,
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

function registerRoutes(app: FastifyInstance, provider: Provider, options: EmbeddedProviderOptions): void {
  // Interaction pages (login) are ours; everything else under /oidc is the provider's.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8_192 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.get<{ Params: { uid: string } }>(`${OIDC_MOUNT_PATH}/interaction/:uid`, hidden, (req, reply) =>
      showInteraction(provider, options, req, reply),
    );
    scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${OIDC_MOUNT_PATH}/interaction/:uid/login`,
      // Slows password guessing: by default 20 attempts per address and account in 5 minutes (after the body is parsed, to see the account).
      {
        ...hidden,
        config: {
          rateLimit: {
            max: options.signInAttemptsPer5Min,
            timeWindow: 300_000,
            hook: 'preHandler',
            keyGenerator: (req) => `${req.ip}:${loginEmail(req.body)}`,
          },
        },
      },
      (req, reply) => submitLogin(provider, req, reply),
    );
    scope.get<{ Params: { file: string } }>(`${OIDC_MOUNT_PATH}/avatar/:file`, hidden, async (req, reply) => {
      const user = demoUserBySub(req.params.file.replace(/\.svg$/, ''));
      if (!user) return reply.status(404).send({ error: 'not_found', message: 'No such avatar' });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(avatarSvg(user));
    });
    done();
  });

  void app.register((scope, _options, done) => {
    // The provider reads request bodies itself, so this scope must leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const callback = provider.callback();
    const forward = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = req.raw as typeof req.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(OIDC_MOUNT_PATH.length) || '/';
      void callback(raw, reply.raw);
    };
    scope.all(OIDC_MOUNT_PATH, hidden, forward);
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
          action: `${OIDC_MOUNT_PATH}/interaction/${details.uid}/login`,
          email: '',
          failed,
          demoUsers: DEMO_USERS,
        }),
      );
  }
  // The portal is the provider's only, first-party client: consent is implied, never asked.
  const accountId = details.session?.accountId;
  if (!accountId) return reply.redirect(`${options.publicUrl}/`);
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId: String(details.params['client_id']) });
  if (!grant) return reply.redirect(`${options.publicUrl}/`);
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

/** The account a sign-in form names (lower-cased), or '' when it names none. */
function loginEmail(body: unknown): string {
  const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['email'] : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

async function submitLogin(
  provider: Provider,
  req: FastifyRequest<{ Params: { uid: string }; Body: Record<string, string> }>,
  reply: FastifyReply,
) {
  const details = await provider.interactionDetails(req.raw, reply.raw);
  const user = authenticateDemoUser(req.body['email'] ?? '', req.body['password'] ?? '');
  if (!user) return reply.redirect(`${OIDC_MOUNT_PATH}/interaction/${details.uid}?failed`, 303);
  reply.hijack();
  await provider.interactionFinished(req.raw, reply.raw, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
}
