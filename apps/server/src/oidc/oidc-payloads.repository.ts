import type { Queryable } from '../db/database';

/** One stored oidc-provider object (a session, an interaction, a grant, a code …) as the provider hands it over. */
export type OidcPayload = Record<string, unknown>;

/** The embedded provider's table `oidc_payloads`: one row per model and id, gone once expired. */
export function createOidcPayloadsRepository(db: Queryable) {
  const findWhere = async (model: string, column: 'id' | 'uid', value: string): Promise<OidcPayload | undefined> => {
    const [row] = await db.query<{ payload: OidcPayload; consumed: boolean }>(
      `SELECT payload, consumed_at IS NOT NULL AS consumed FROM oidc_payloads
        WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
      [model, value],
    );
    if (!row) return undefined;
    return row.consumed ? { ...row.payload, consumed: true } : row.payload;
  };
  return {
    async upsert(model: string, id: string, payload: OidcPayload, expiresInS: number | undefined): Promise<void> {
      const grantId = typeof payload['grantId'] === 'string' ? payload['grantId'] : null;
      const uid = typeof payload['uid'] === 'string' ? payload['uid'] : null;
      await db.query(
        `INSERT INTO oidc_payloads (model, id, payload, grant_id, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(secs => $6::int) END)
         ON CONFLICT (model, id) DO UPDATE
           SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [model, id, JSON.stringify(payload), grantId, uid, expiresInS ?? null],
      );
    },
    find: (model: string, id: string) => findWhere(model, 'id', id),
    findByUid: (model: string, uid: string) => findWhere(model, 'uid', uid),
    async consume(model: string, id: string): Promise<void> {
      await db.query('UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2', [model, id]);
    },
    async destroy(model: string, id: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [model, id]);
    },
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
    },
    /** Deletes what has expired; returns how many rows went. */
    async deleteExpired(): Promise<number> {
      const rows = await db.query('DELETE FROM oidc_payloads WHERE expires_at <= now() RETURNING 1');
      return rows.length;
    },
  };
}

export type OidcPayloadsRepository = ReturnType<typeof createOidcPayloadsRepository>;
