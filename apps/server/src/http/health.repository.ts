import type { Database } from '../db/database';

/** The readiness check's one statement: the database answers. */
export function createHealthRepository(db: Database) {
  return {
    ping: async (): Promise<void> => {
      await db.query('SELECT 1');
    },
  };
}
