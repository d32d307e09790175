import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { rateLimitStoreFor } from './http/rate-limit-store';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerTenantAuth } from './auth/auth.plugin';
import { createTokenRefusalLog } from './auth/token-refusal-log';
import { createUnknownTenantLog } from './auth/unknown-tenant-log';
import { acceptingRenderTickets } from './auth/render-tickets';
import type { TokenVerifier } from './auth/token-verifier';
import type { ServerConfig } from './config/env';
import { registerClientConfigRoute } from './http/client-config.routes';
import { registerErrorHandler } from './http/error-handler';
import { answerContinueWhenBodyIsRead } from './http/expect-continue';
import { registerHealthRoutes, type StartupTasks } from './http/health.routes';
import { registerOpenApi } from './http/openapi';
import { isPotentiallyTrustworthy, registerPublicOriginRedirect } from './http/public-origin';
import { registerWebApp } from './http/web-app';
import type { ModuleGraph } from './module-graph';
import type { EmbeddedProvider } from './oidc/embedded-provider';

export interface AppDependencies {
  config: ServerConfig;
  /** The server's modules (module-graph.ts): this file only puts their routes on HTTP. */
  graph: ModuleGraph;
  verifyToken: TokenVerifier;
  embeddedProvider: EmbeddedProvider | null;
  startupTasks?: StartupTasks;
}

/**
 * The HTTP side of the portal as one Fastify instance: security headers, compression, sign-in, and the module graph's
 * routes under their authentication. server.ts only listens; tests call inject(). It logs through the graph's logger.
 */
export async function buildApp({
  config,
  graph,
  verifyToken,
  embeddedProvider,
  startupTasks = new Map(),
}: AppDependencies): Promise<FastifyInstance> {
  // X-Forwarded-For is believed only from the configured proxies' addresses (false: from nobody).
  const trustProxy = config.trustedProxies.length > 0 ? config.trustedProxies.join(',') : false;
  const app = Fastify({ loggerInstance: graph.log, trustProxy, bodyLimit: 1_048_576 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before every route, so that a body refused on its headers (401, 413) is never invited with 100 Continue.
  answerContinueWhenBodyIsRead(app);
  await app.register(fastifyHelmet, { contentSecurityPolicy: { directives: contentSecurityPolicy(config) } });
  // A trial reached over plain http at the machine's address: browsers ignore Cross-Origin-Opener-Policy there and
  // log an error for it on every page, which an operator opening the console would take for a fault.
  // Removed as helmet set it, on the raw answer too: the identity provider's answers bypass Fastify's onSend.
  app.addHook('onRequest', async (request, reply) => {
    if (isPotentiallyTrustworthy(request)) return;
    reply.raw.removeHeader('cross-origin-opener-policy');
    void reply.removeHeader('cross-origin-opener-policy');
  });
  // Answers over 1 KB (the assets list is 3.5 MB for 10,000 devices; the web app's scripts) are gzipped for
  // clients that ask: level 3 compresses about 5.7 times in half the time of the default level 6. Request
  // bodies are not decompressed: device batches arrive plain, within the body limit. Ingest answers opt out.
  await app.register(fastifyCompress, {
    encodings: ['gzip', 'deflate'],
    threshold: 1024,
    zlibOptions: { level: 3 },
    globalDecompression: false,
  });
  if (config.publicUrlIsSet) registerPublicOriginRedirect(app, config.publicUrl);
  // Off by default; the routes that need a limit (sign-in form, device ingestion) set their own. Counted in the
  // database on PostgreSQL, so that every process of the portal counts the same hits.
  await app.register(fastifyRateLimit, { global: false, ...rateLimitStoreFor(graph.db) });
  await registerOpenApi(app);

  const { tenantExists } = graph.tenants;
  registerHealthRoutes(app, graph.db, startupTasks);
  const clientConfig = {
    authority: config.auth.issuer,
    clientId: config.auth.clientId,
    authorizationParams: config.auth.authorizationParams,
    scope: config.auth.scope,
    rolesClaim: config.auth.rolesClaim,
    tenantClaim: config.auth.tenantClaim,
    environment: config.environment,
    signInMode: config.auth.signInMode,
    mapTiles: config.mapTiles,
  };
  // The embedded provider's authority is at the address the browser used (PUBLIC_URL's when set), so the web app
  // talks to it on its own origin, as the Content-Security-Policy (connect-src 'self') wants.
  registerClientConfigRoute(app, (request) =>
    embeddedProvider ? { ...clientConfig, authority: embeddedProvider.issuerFor(request) ?? config.auth.issuer } : clientConfig,
  );
  embeddedProvider?.register(app);

  const { modules } = graph;
  for (const module of modules) if (module.open) await app.register(module.open);
  // One log of refused tokens for both authenticated scopes, so that each reason has one line a minute.
  const refusals = createTokenRefusalLog(app.log);
  const unknownTenants = createUnknownTenantLog(app.log);
  app.addHook('onClose', (_instance, done) => {
    refusals.close();
    done();
  });
  await app.register(async (api) => {
    // Report render tickets are read-only and for this scope only: a report page, never the installer's test.
    registerTenantAuth(api, {
      verifyToken: acceptingRenderTickets(verifyToken, graph.renderTickets),
      tenantExists,
      refusals,
      unknownTenants,
    });
    for (const module of modules) if (module.api) await api.register(module.api);
  });
  // The installer's device test is the one API Installer-only users may call (spec §2 /checkcoverage).
  await app.register(async (api) => {
    registerTenantAuth(api, { verifyToken, tenantExists, refusals, unknownTenants, allowInstallers: true });
    for (const module of modules) if (module.installerApi) await api.register(module.installerApi);
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** The tile server's origin when it is plain http (https: is allowed already); {s} subdomains become a wildcard. */
function tileSource(config: ServerConfig): string[] {
  if (!config.mapTiles?.url.startsWith('http:')) return [];
  return [new URL(config.mapTiles.url.replace('{s}', 'tile-subdomain')).origin.replace('tile-subdomain', '*')];
}

/** Same-origin everything; the external issuer (if any) is allowed for token calls and the silent-renew frame. */
function contentSecurityPolicy(config: ServerConfig) {
  const issuerOrigin = config.auth.embedded ? null : new URL(config.auth.issuer).origin;
  const withIssuer = (...sources: string[]) => (issuerOrigin ? [...sources, issuerOrigin] : sources);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: withIssuer("'self'", 'data:', 'blob:', 'https:', ...tileSource(config)),
    connectSrc: withIssuer("'self'"),
    frameSrc: withIssuer("'self'"),
    formAction: withIssuer("'self'"),
    upgradeInsecureRequests: null,
  };
}
