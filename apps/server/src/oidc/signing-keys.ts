import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Queryable } from '../db/database';
import { createOidcSecretsRepository } from './oidc-secrets.repository';

export interface ProviderSecrets {
  signingKey: JWK;
  cookieKeys: string[];
}

async function generateSecrets(): Promise<ProviderSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  return { signingKey, cookieKeys: [randomBytes(32).toString('base64url')] };
}

/**
 * The embedded provider's signing key and cookie keys, in the database every process shares (`oidc_secrets`), so that
 * tokens, sessions and sign-ins hold whichever process answers and survive a restart. The first process to start
 * stores them: the keys of an earlier version's `$DATA_DIR/oidc-secrets.json` when there is one (so that signed-in
 * users stay signed in across the upgrade), else new ones; a process starting at the same moment keeps the ones
 * stored first. `dataDir` null: no such file (tests).
 */
export async function loadProviderSecrets(db: Queryable, dataDir: string | null): Promise<ProviderSecrets> {
  const stored = createOidcSecretsRepository<ProviderSecrets>(db, 'embedded-provider');
  const found = await stored.find();
  if (found) return found;
  const file = dataDir === null ? null : join(dataDir, 'oidc-secrets.json');
  const earlier = file !== null && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProviderSecrets) : null;
  return stored.keepFirst(earlier ?? (await generateSecrets()));
}

/** The public half of a private JWK: what the API verifies tokens with. */
export function publicJwk({ kty, n, e, alg, use, kid }: JWK): JWK {
  return { kty, n, e, alg, use, kid };
}
