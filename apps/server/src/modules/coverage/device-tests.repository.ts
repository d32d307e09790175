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
  return {
    async insert(tx: Queryable, tenantId: string, test: StoredDeviceTest, by: string): Promise<void> {
      await tx.query(
        `INSERT INTO device_tests (tenant_id, device_id, tested_at, outcome, passed, checks, note, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8)`,
        [tenantId, test.device_id, test.tested_at, test.outcome, test.passed, JSON.stringify(test.checks), test.note, by],
      );
    },
  };
}
