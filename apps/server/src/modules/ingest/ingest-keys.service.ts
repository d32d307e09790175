import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IngestKey } from '@gridlens/contract/ingest';
import { notFound } from '../../http/http-error';
import type { IngestKeySummaryRow, IngestKeysRepository } from './ingest-keys.repository';

/** Keys look like glk_<8 hex prefix>_<43 chars>; the prefix finds the row, the SHA-256 of the whole key proves it. */
const KEY_PATTERN = /^glk_([0-9a-f]{8})_[A-Za-z0-9_-]{43}$/;
/** Accepted keys are remembered briefly so a busy device does not cost a query per batch; a revocation bites within this time. */
const KEY_CACHE_TTL_MS = 30_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function present(row: IngestKeySummaryRow): IngestKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: new Date(row.created_at).toISOString(),
    revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  };
}

export function createIngestKeysService(repository: IngestKeysRepository, now: () => number = Date.now) {
  const cache = new Map<string, { tenantId: string; expiresAt: number }>();
  return {
    async create(tenantId: string, userId: string, name: string): Promise<IngestKey & { secret: string }> {
      const prefix = randomBytes(4).toString('hex');
      const secret = `glk_${prefix}_${randomBytes(32).toString('base64url')}`;
      const row = await repository.insert(tenantId, { name, prefix, secretSha256: sha256(secret), createdBy: userId });
      return { ...present(row), secret };
    },
    /**
     * Registers a key whose secret is already known (the demo's published keys), idempotently. Parsing and
     * hashing stay here, so a known key is stored exactly as `create` would have stored it.
     */
    async ensureKnown(tenantId: string, name: string, secret: string, createdBy: string): Promise<void> {
      const prefix = KEY_PATTERN.exec(secret)?.[1];
      if (!prefix) throw new Error(`Not an ingest key: ${secret.slice(0, 12)}…`);
      await repository.ensure(tenantId, { name, prefix, secretSha256: sha256(secret), createdBy });
    },
    async list(tenantId: string): Promise<IngestKey[]> {
      return (await repository.list(tenantId)).map(present);
    },
    async revoke(tenantId: string, id: string): Promise<void> {
      if (!(await repository.revoke(tenantId, id))) throw notFound('Ingest key');
      cache.clear();
    },
    /** A key was revoked in another process (the change feed): every key is looked up again. */
    forgetCached: () => cache.clear(),
    /** The tenant a presented key belongs to, or null for an unknown, malformed or revoked key. */
    async tenantOfKey(secret: string): Promise<string | null> {
      const hit = cache.get(secret);
      if (hit && hit.expiresAt > now()) return hit.tenantId;
      const prefix = KEY_PATTERN.exec(secret)?.[1];
      if (!prefix) return null;
      const row = await repository.findActiveByPrefix(prefix);
      if (!row || !timingSafeEqual(Buffer.from(row.secret_sha256), sha256(secret))) return null;
      cache.set(secret, { tenantId: row.tenant_id, expiresAt: now() + KEY_CACHE_TTL_MS });
      return row.tenant_id;
    },
  };
}
export type IngestKeysService = ReturnType<typeof createIngestKeysService>;
