import type { Queryable } from './database';

/**
 * Deletes a table's rows older than `days` by one of its time columns; how many. The owner of each table
 * pruned by age (see the retention module) calls it with its own table's name.
 */
export async function deleteOlderThan(tx: Queryable, table: string, timeColumn: string, days: number): Promise<number> {
  const rows = await tx.query<{ n: number }>(
    `WITH gone AS (DELETE FROM ${table} WHERE ${timeColumn} < now() - make_interval(days => $1) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [days],
  );
  return rows[0]?.n ?? 0;
}
