import type { TrackerSettings } from '@gridlens/domain/tracking/tracker-settings';
import { columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';

export interface DownlinkRow {
  downlink_id: string;
  device_id: string;
  settings: TrackerSettings | string;
  status: 'pending' | 'applied' | 'superseded';
  created_at: Date | string;
  applied_at: Date | string | null;
}

/**
 * Marks each acknowledged downlink applied (only the device's own: an id of another device or tenant changes
 * nothing) and the device's older pending ones superseded, since a tracker takes its settings whole.
 */
export async function acknowledgeDownlinks(
  tx: Queryable,
  tenantId: string,
  acks: readonly { deviceId: string; downlinkId: string; time: string }[],
): Promise<void> {
  if (acks.length === 0) return;
  const params = [
    tenantId,
    columnLiteral(acks, (a) => a.deviceId),
    columnLiteral(acks, (a) => a.downlinkId),
    columnLiteral(acks, (a) => a.time),
  ];
  await tx.query(
    `UPDATE tracker_downlinks k SET status = 'superseded'
       FROM unnest($2::text[], $3::text[], $4::timestamptz[]) AS u(d, k, t), tracker_downlinks a
      WHERE k.tenant_id = $1 AND a.tenant_id = $1 AND a.device_id = u.d AND a.downlink_id = u.k AND a.status = 'pending'
        AND k.device_id = u.d AND k.status = 'pending' AND k.created_at < a.created_at`,
    params,
  );
  await tx.query(
    `UPDATE tracker_downlinks k SET status = 'applied', applied_at = u.t
       FROM unnest($2::text[], $3::text[], $4::timestamptz[]) AS u(d, k, t)
      WHERE k.tenant_id = $1 AND k.device_id = u.d AND k.downlink_id = u.k AND k.status <> 'applied'`,
    params,
  );
}

/** The downlinks of tracker settings: queued by an operator, fetched by the tracker, applied on its acknowledgement. */
export function createDownlinksRepository(db: Queryable) {
  return {
    async queue(tenantId: string, deviceId: string, downlinkId: string, settings: TrackerSettings): Promise<void> {
      await db.query('INSERT INTO tracker_downlinks (tenant_id, downlink_id, device_id, settings) VALUES ($1, $2, $3, $4::jsonb)', [
        tenantId,
        downlinkId,
        deviceId,
        JSON.stringify(settings),
      ]);
    },

    /** The device's applied settings (its newest applied downlink) and its pending downlinks, oldest first. */
    ofDevice(tenantId: string, deviceId: string): Promise<DownlinkRow[]> {
      return db.query<DownlinkRow>(
        `SELECT * FROM (
           (SELECT downlink_id, device_id, settings, status, created_at, applied_at FROM tracker_downlinks
             WHERE tenant_id = $1 AND device_id = $2 AND status = 'applied' ORDER BY applied_at DESC, created_at DESC LIMIT 1)
           UNION ALL
           (SELECT downlink_id, device_id, settings, status, created_at, applied_at FROM tracker_downlinks
             WHERE tenant_id = $1 AND device_id = $2 AND status = 'pending')
         ) d ORDER BY created_at, downlink_id`,
        [tenantId, deviceId],
      );
    },
  };
}
export type DownlinksRepository = ReturnType<typeof createDownlinksRepository>;
