import type { Queryable } from '../../db/database';

export type ModelKind = 'ev' | 'hp';

export interface LoadModelRow {
  id: string;
  name: string;
  parameters: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

/** PostgreSQL's unique_violation, as both drivers report it (here: a name the tenant already uses for the kind). */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

const COLUMNS = 'id, name, parameters, created_at, updated_at';

/** EV and HP models (table load_models); every statement is scoped by the caller's tenant and the model's kind. */
export function createLoadModelsRepository(db: Queryable) {
  const find = async (tenantId: string, kind: ModelKind, id: string): Promise<LoadModelRow | null> => {
    const [row] = await db.query<LoadModelRow>(`SELECT ${COLUMNS} FROM load_models WHERE tenant_id = $1 AND kind = $2 AND id = $3`, [
      tenantId,
      kind,
      id,
    ]);
    return row ?? null;
  };
  return {
    list(tenantId: string, kind: ModelKind): Promise<LoadModelRow[]> {
      return db.query<LoadModelRow>(`SELECT ${COLUMNS} FROM load_models WHERE tenant_id = $1 AND kind = $2 ORDER BY lower(name), id`, [
        tenantId,
        kind,
      ]);
    },

    find,

    /** The new model, or null when the tenant already has a model of the kind with that name. */
    async insert(tenantId: string, kind: ModelKind, name: string, parameters: object): Promise<LoadModelRow | null> {
      const [row] = await db.query<LoadModelRow>(
        `INSERT INTO load_models (tenant_id, kind, name, parameters) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [tenantId, kind, name, JSON.stringify(parameters)],
      );
      return row ?? null;
    },

    /**
     * Adds the model when the tenant has none of the kind (a first read, or a demo seed); a second caller at the
     * same moment adds nothing, its insert meeting the first one's name.
     */
    async insertIfNone(tenantId: string, kind: ModelKind, name: string, parameters: object): Promise<void> {
      await db.query(
        `INSERT INTO load_models (tenant_id, kind, name, parameters)
         SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM load_models WHERE tenant_id = $1 AND kind = $2)
         ON CONFLICT DO NOTHING`,
        [tenantId, kind, name, JSON.stringify(parameters)],
      );
    },

    /** Replaces a model: the row, 'missing' when the tenant has no such model, 'nameTaken' when another has the name. */
    async update(
      tenantId: string,
      kind: ModelKind,
      id: string,
      name: string,
      parameters: object,
    ): Promise<LoadModelRow | 'missing' | 'nameTaken'> {
      try {
        const [row] = await db.query<LoadModelRow>(
          `UPDATE load_models SET name = $4, parameters = $5, updated_at = now()
            WHERE tenant_id = $1 AND kind = $2 AND id = $3 RETURNING ${COLUMNS}`,
          [tenantId, kind, id, name, JSON.stringify(parameters)],
        );
        return row ?? 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'nameTaken';
        throw error;
      }
    },

    /** Deletes a model unless it is the tenant's last of the kind: 'deleted', 'missing' or 'last'. */
    async remove(tenantId: string, kind: ModelKind, id: string): Promise<'deleted' | 'missing' | 'last'> {
      const deleted = await db.query(
        `DELETE FROM load_models WHERE tenant_id = $1 AND kind = $2 AND id = $3
            AND EXISTS (SELECT 1 FROM load_models o WHERE o.tenant_id = $1 AND o.kind = $2 AND o.id <> $3) RETURNING id`,
        [tenantId, kind, id],
      );
      if (deleted.length > 0) return 'deleted';
      return (await find(tenantId, kind, id)) ? 'last' : 'missing';
    },
  };
}
export type LoadModelsRepository = ReturnType<typeof createLoadModelsRepository>;
