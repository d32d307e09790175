import type { Queryable } from '../db/database';

/** The embedded provider's keys (`oidc_secrets`): one row, written once by the first process to start. */
export function createOidcSecretsRepository<T>(db: Queryable, name: string) {
  return {
    async find(): Promise<T | null> {
      const [row] = await db.query<{ secrets: T }>('SELECT secrets FROM oidc_secrets WHERE name = $1', [name]);
      return row?.secrets ?? null;
    },
    /** Stores `secrets` unless another process stored its own first; either way, the ones stored. */
    async keepFirst(secrets: T): Promise<T> {
      await db.query('INSERT INTO oidc_secrets (name, secrets) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING', [
        name,
        JSON.stringify(secrets),
      ]);
      const [row] = await db.query<{ secrets: T }>('SELECT secrets FROM oidc_secrets WHERE name = $1', [name]);
      if (!row) throw new Error('oidc_secrets: the row just written is not there');
      return row.secrets;
    },
  };
}
