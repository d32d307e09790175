import type { Queryable } from '../../db/database';

export interface IngestKeyRow {
  id: string;
  tenant_id: string;
  name: string;
  prefix: string;
  secret_sha256: Uint8Array;
  created_at: Date;
  revoked_at: Date | null;
}

export type IngestKeySummaryRow = Omit<IngestKeyRow, 'secret_sha256'>;

export function createIngestKeysRepository(db: Queryable) {
  return {
    async insert(tenantId: string, key: { name: string; prefix: string; secretSha256: Buffer; createdBy: string }): Promise<IngestKeyRow> {
      const rows = await db.query<IngestKeyRow>(
        `INSERT INTO ingest_keys (tenant_id, name, prefix, secret_sha256, created_by) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, tenant_id, name, prefix, secret_sha256, created_at, revoked_at`,
        [tenantId, key.name, key.prefix, key.secretSha256, key.createdBy],
      );
      const row = rows[0];
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row;
    },
    /** Creates the key unless its prefix exists (the demo's fixed key). */
    async ensure(tenantId: string, key: { name: string; prefix: string; secretSha256: Buffer; createdBy: string }): Promise<void> {
      await db.query(
        `INSERT INTO ingest_keys (tenant_id, name, prefix, secret_sha256, created_by) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (prefix) DO NOTHING`,
        [tenantId, key.name, key.prefix, key.secretSha256, key.createdBy],
      );
    },
    /** The tenant's keys without their hashes: a listing never needs them. */
    list(tenantId: string): Promise<IngestKeySummaryRow[]> {
      return db.query<IngestKeySummaryRow>(
        'SELECT id, tenant_id, name, prefix, created_at, revoked_at FROM ingest_keys WHERE tenant_id = $1 ORDER BY created_at',
        [tenantId],
      );
    },
    async revoke(tenantId: string, id: string): Promise<boolean> {
      const rows = await db.query(
        'UPDATE ingest_keys SET revoked_at = coalesce(revoked_at, now()) WHERE tenant_id = $1 AND id::text = $2 RETURNING id',
        [tenantId, id],
      );
      return rows.length > 0;
    },
    /** Not tenant-scoped on purpose: the key itself is what tells us the tenant. */
    async findActiveByPrefix(prefix: string): Promise<IngestKeyRow | null> {
      const rows = await db.query<IngestKeyRow>(
        'SELECT id, tenant_id, name, prefix, secret_sha256, created_at, revoked_at FROM ingest_keys WHERE prefix = $1 AND revoked_at IS NULL',
        [prefix],
      );
      return rows[0] ?? null;
    },
  };
}
export type IngestKeysRepository = ReturnType<typeof createIngestKeysRepository>;
