import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { ingestApi } from '@gridlens/contract/ingest';
import { urlOf } from '@gridlens/contract/route';
import { withClaim } from '@gridlens/domain/claim-path';
import { createIngestKeysRepository } from '../../apps/server/src/modules/ingest/ingest-keys.repository';
import { createIngestKeysService } from '../../apps/server/src/modules/ingest/ingest-keys.service';
import { buildApp } from '../../apps/server/src/app';
import { buildModuleGraph, type ModuleGraph } from '../../apps/server/src/module-graph';
import { createTokenVerifier } from '../../apps/server/src/auth/token-verifier';
import { loadConfig } from '../../apps/server/src/config/env';
import { openPostgres, wrapPglite, type Database } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemoData } from '../../apps/server/src/demo/seed-demo';

export interface BenchBackend {
  name: 'pglite' | 'postgres';
  db: Database;
  /** Raw COPY of CSV text into a table: the baseline for ingest throughput. */
  copyCsv(table: string, columns: string, csv: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function pgliteBackend(): Promise<BenchBackend> {
  const dir = mkdtempSync(join(tmpdir(), 'gridlens-bench-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const raw = await PGlite.create(join(dir, 'pglite'));
  const db = wrapPglite(raw);
  return {
    name: 'pglite',
    db,
    async copyCsv(table, columns, csv) {
      await raw.query(`COPY ${table} (${columns}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) });
    },
    async dispose() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function postgresBackend(adminUrl: string): Promise<BenchBackend & { url: string }> {
  const name = `gridlens_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), 8);
  const { from: copyFrom } = await import('pg-copy-streams');
  return {
    name: 'postgres',
    url: url.toString(),
    db,
    async copyCsv(table, columns, csv) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await new Promise<void>((resolve, reject) => {
          const stream = client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN WITH (FORMAT csv)`));
          stream.on('finish', () => resolve());
          stream.on('error', reject);
          stream.end(csv);
        });
      } finally {
        await client.end();
      }
    },
    async dispose() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A power-data tenant for the bench's own devices (none of the demo's). */
export async function addPowerDataTenant(db: Database, id: string, name: string): Promise<void> {
  await db.query(
    "INSERT INTO tenants (id, name, type, powerdata_type, tabs) VALUES ($1, $2, 'powerdata', 'netzero', '[]') ON CONFLICT DO NOTHING",
    [id, name],
  );
}

/** The real application on the bench database, with a token minted by a local test issuer. */
/** `env`: settings beyond the bench's own (e.g. SMTP_URL and WEB_DIST_DIR for the report runner). */
export async function benchApp(
  db: Database,
  env: Record<string, string> = {},
): Promise<{
  app: FastifyInstance;
  graph: ModuleGraph;
  headers: (tenant: string) => Record<string, string>;
  /** A signed-in user's token, minted by the same issuer (the load bench's many users). */
  tokenFor: (subject: string, tenant: string, roles?: string[]) => Promise<string>;
}> {
  await migrate(db);
  await seedDemoData(db);
  await addPowerDataTenant(db, 'bench', 'Bench');
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const config = loadConfig({ OIDC_ISSUER: 'https://bench.invalid/', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...env });
  const verifyToken = createTokenVerifier(
    config.auth,
    createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] }),
  );
  // The alert-evaluation hook is in place (issue 5 fills it with rule evaluation); it runs in every ingest transaction.
  const graph = buildModuleGraph({ config, db });
  const app = await buildApp({ config, graph, verifyToken, embeddedProvider: null });
  const tokenFor = (subject: string, tenant: string, roles = ['Operator']) =>
    new SignJWT(withClaim(withClaim({}, config.auth.tenantPath, tenant), config.auth.rolesPath, roles))
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setSubject(subject)
      .setIssuer('https://bench.invalid/')
      .setAudience(config.auth.audience)
      .setExpirationTime('2h')
      .sign(privateKey);
  const token = await tokenFor('bench-user', 'bench');
  return { app, graph, headers: (tenant) => ({ authorization: `Bearer ${token}`, tenant }), tokenFor };
}

/** The server's table maintenance (VACUUM ANALYZE of the hot tables), as its retention job runs it after filling. */
export const maintainTables = (db: Database): Promise<void> =>
  buildModuleGraph({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }), db }).retention.maintainTables();

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Times each piece of work `times` times, taking turns round by round, after `warmup` untimed rounds. Taking
 * turns matters: a baseline measured after the subject (or before) ran under different conditions (a
 * checkpoint still writing the rows just loaded, a heap just grown), which showed as a 50 ms gap between two
 * measurements of the same query.
 */
export async function timeInTurns<K extends string>(
  times: number,
  works: Record<K, () => Promise<unknown>>,
  warmup = 3,
): Promise<Record<K, number[]>> {
  const names = Object.keys(works) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < warmup + times; round += 1) {
    for (const name of names) {
      const start = performance.now();
      await works[name]();
      if (round >= warmup) samples[name].push(performance.now() - start);
    }
  }
  return samples;
}

export const fmt = (value: number, digits = 1) =>
  value.toLocaleString('en-IE', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * Messages stored through the real ingest route (so the rollups exist), in the route's batches of 5,000, with a new
 * ingest key of `tenant`: the year-long readings the chart and loss-of-life benches read back.
 */
export async function ingestThroughRoute(db: Database, app: FastifyInstance, tenant: string, messages: readonly object[]): Promise<void> {
  const key = (await createIngestKeysService(createIngestKeysRepository(db)).create(tenant, tenant, 'year')).secret;
  for (let i = 0; i < messages.length; i += 5000) {
    const response = await app.inject({
      method: ingestApi.messages.method,
      url: urlOf(ingestApi.messages),
      headers: { authorization: `Bearer ${key}` },
      payload: { v: 1, messages: messages.slice(i, i + 5000) },
    });
    if (response.statusCode !== 200) throw new Error(`ingest answered ${response.statusCode}`);
  }
}
