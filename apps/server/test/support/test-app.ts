import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet, type JWTPayload } from 'jose';
import type { FastifyInstance } from 'fastify';
import { withClaim } from '@gridlens/domain/claim-path';
import { buildApp, type AppDependencies } from '../../src/app';
import { createTokenVerifier } from '../../src/auth/token-verifier';
import { loadConfig } from '../../src/config/env';
import type { Database } from '../../src/db/database';
import { seedDemoData } from '../../src/demo/seed-demo';
import { buildModuleGraph, type ModuleGraph, type ModuleGraphOptions } from '../../src/module-graph';

export const TEST_ISSUER = 'https://issuer.test/';
export const TEST_AUDIENCE = 'gridlens-api';

/** The server's configuration as the tests run it: an external issuer (the test issuer), no web app, no logs. */
export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({ OIDC_ISSUER: TEST_ISSUER, OIDC_AUDIENCE: TEST_AUDIENCE, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...env });

/**
 * A key pair standing in for an external identity provider; tests mint tokens with it. `env` configures the server
 * as testConfig does (e.g. OIDC_ROLES_CLAIM); the roles go where that configuration reads them.
 */
export async function createTestIssuer(env: Record<string, string> = {}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256' };
  const config = testConfig(env);
  const keys = createLocalJWKSet({ keys: [publicJwk] });
  const verifyToken = createTokenVerifier(config.auth, keys);

  /** A signed token; `roles: null` leaves the roles claim out, `claims` adds or replaces top-level claims. */
  async function token(
    user: { sub: string; tenant?: string | null; roles?: string[] | null },
    overrides: { issuer?: string; audience?: string; expiresIn?: string | number; claims?: JWTPayload; kid?: string } = {},
  ): Promise<string> {
    const identity = user.tenant === null ? {} : withClaim({}, config.auth.tenantPath, user.tenant ?? 'netzero');
    const claims: JWTPayload = {
      ...(user.roles === null ? identity : withClaim(identity, config.auth.rolesPath, user.roles ?? ['Operator'])),
      ...overrides.claims,
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: overrides.kid ?? 'test-key' })
      .setSubject(user.sub)
      .setIssuer(overrides.issuer ?? TEST_ISSUER)
      .setAudience(overrides.audience ?? TEST_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(overrides.expiresIn ?? '10m')
      .sign(privateKey);
  }
  return { config, verifyToken, keys, publicJwk, token };
}

/**
 * The real application on a test database with the demo tenants seeded. Their calendar is UTC here (a new tenant's
 * default is Europe/Dublin), so that tests reason in UTC days whatever the season; a test about another zone sets
 * it with `timeZone` before it stores anything.
 */
export async function createTestApp(
  db: Database,
  {
    timeZones = {},
    afterIngest,
    env = {},
    log,
    now,
    reportDelivery,
  }: {
    timeZones?: Record<string, string>;
    afterIngest?: ModuleGraphOptions['afterIngest'];
    /** Settings beyond testConfig's (e.g. OIDC_ROLES_CLAIM). */
    env?: Record<string, string>;
    /** Where the app logs (silent unless given). */
    log?: ModuleGraphOptions['log'];
    /** The clock of what the modules compute from now (ModuleGraphOptions.now). */
    now?: ModuleGraphOptions['now'];
    /** The report runner's PDF renderer or mail transport (ModuleGraphOptions.reportDelivery). */
    reportDelivery?: ModuleGraphOptions['reportDelivery'];
  } = {},
): Promise<{ app: FastifyInstance; graph: ModuleGraph; issuer: Awaited<ReturnType<typeof createTestIssuer>> }> {
  await seedDemoData(db);
  await db.query(`UPDATE tenants SET time_zone = 'UTC'`);
  for (const [tenant, zone] of Object.entries(timeZones)) await db.query('UPDATE tenants SET time_zone = $2 WHERE id = $1', [tenant, zone]);
  const issuer = await createTestIssuer(env);
  const graph = buildModuleGraph({ config: issuer.config, db, afterIngest, log, now, reportDelivery });
  const app = await buildApp({ config: issuer.config, graph, verifyToken: issuer.verifyToken, embeddedProvider: null });
  return { app, graph, issuer };
}

export function authHeaders(token: string, tenant: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, tenant };
}

/**
 * The app over a new module graph of `db`, as server.ts builds them, for tests that configure the app themselves; the
 * embedded provider's jobs join the graph's scheduler as they do in server.ts.
 */
export async function buildAppOn(
  db: Database,
  deps: Omit<AppDependencies, 'graph'> & Pick<ModuleGraphOptions, 'afterIngest' | 'log'>,
): Promise<FastifyInstance> {
  const { afterIngest, log, ...app } = deps;
  const graph = buildModuleGraph({ config: deps.config, db, afterIngest, log, jobs: deps.embeddedProvider?.jobs });
  return buildApp({ ...app, graph });
}
