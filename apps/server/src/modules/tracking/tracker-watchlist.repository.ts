import type { Queryable } from '../../db/database';

/** The trackers on each user's device watchlist (tracker_watchlist); /api/watchlist/device lists them beside power devices. */
export function createTrackerWatchlistRepository(db: Queryable) {
  return {
    list(tenantId: string, userId: string): Promise<{ device_id: string; added_at: Date | string }[]> {
      return db.query('SELECT device_id, added_at FROM tracker_watchlist WHERE tenant_id = $1 AND user_id = $2 ORDER BY added_at', [
        tenantId,
        userId,
      ]);
    },
    /** Watches a tracker of the tenant; false when the tenant has no tracker with this id. */
    async add(tenantId: string, userId: string, deviceId: string): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO tracker_watchlist (tenant_id, user_id, device_id)
         SELECT tenant_id, $2, device_id FROM tracking_devices WHERE tenant_id = $1 AND device_id = $3
         ON CONFLICT DO NOTHING RETURNING device_id`,
        [tenantId, userId, deviceId],
      );
      if (rows.length > 0) return true;
      const known = await db.query('SELECT 1 FROM tracking_devices WHERE tenant_id = $1 AND device_id = $2', [tenantId, deviceId]);
      return known.length > 0;
    },
    async remove(tenantId: string, userId: string, deviceId: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM tracker_watchlist WHERE tenant_id = $1 AND user_id = $2 AND device_id = $3 RETURNING device_id',
        [tenantId, userId, deviceId],
      );
      return rows.length > 0;
    },
  };
}
export type TrackerWatchlist = ReturnType<typeof createTrackerWatchlistRepository>;
