import type { Queryable } from '../../db/database';

export interface StoredDeviceTest {
  device_id: string;
  tested_at: string;
  outcome: string;
  passed: boolean;
  checks: Record<string, string | null>;
  note: string | null;
}

/** The recorded device tests (device_tests); every statement is scoped by the caller's tenant. */
export function createDeviceTestsRepository() {
  const insertMany = async (tx: Queryable, tenantId: string, tests: readonly StoredDeviceTest[], by: string): Promise<void> => {
    await tx.query(
      `INSERT INTO device_tests (tenant_id, device_id, tested_at, outcome, passed, checks, note, created_by, updated_by)
       SELECT $1, t.device_id, t.tested_at, t.outcome, t.passed, t.checks, t.note, $3, $3
         FROM json_to_recordset($2::json) AS t(device_id text, tested_at timestamptz, outcome text, passed boolean, checks jsonb, note text)`,
      [tenantId, JSON.stringify(tests), by],
    );
  };
  return {
    async any(tx: Queryable, tenantId: string): Promise<boolean> {
      return (await tx.query('SELECT 1 FROM device_tests WHERE tenant_id = $1 LIMIT 1', [tenantId])).length > 0;
    },
    /** Many at once (the demo's), in one statement. */
    insertMany,
    /** The installer's one recorded test. */
    insert: (tx: Queryable, tenantId: string, test: StoredDeviceTest, by: string) => insertMany(tx, tenantId, [test], by),
  };
}
