import type { Queryable } from '../../db/database';
import type { CreateFeedback } from '@gridlens/contract/feedback';

export function createFeedbackRepository(db: Queryable) {
  return {
    async insert(tenantId: string, userId: string, feedback: CreateFeedback): Promise<{ id: string; created_at: Date }> {
      const rows = await db.query<{ id: string; created_at: Date }>(
        `INSERT INTO feedback (tenant_id, user_id, message, rating, page) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, created_at`,
        [tenantId, userId, feedback.message, feedback.rating ?? null, feedback.page],
      );
      const row = rows[0];
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row;
    },
    async listForTenant(tenantId: string): Promise<{ id: string; user_id: string; message: string }[]> {
      return db.query('SELECT id, user_id, message FROM feedback WHERE tenant_id = $1 ORDER BY created_at DESC', [tenantId]);
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
