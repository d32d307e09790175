import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

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
 * The embedded provider's signing key and cookie keys. Kept in DATA_DIR so that tokens and
 * sessions survive a restart; generated on first start. `null` keeps them in memory (tests).
 */
export async function loadProviderSecrets(dataDir: string | null): Promise<ProviderSecrets> {
  if (!dataDir) return generateSecrets();
  const file = join(dataDir, 'oidc-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ProviderSecrets;
  const secrets = await generateSecrets();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The public half of a private JWK: what the API verifies tokens with. */
export function publicJwk({ kty, n, e, alg, use, kid }: JWK): JWK {
  return { kty, n, e, alg, use, kid };
}
