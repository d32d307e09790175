import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import type { Queryable } from '../../db/database';

export interface MessageRow {
  seq: number;
  time: Date | string;
  message_type: string;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  battery_pct: number | null;
  temperature_c: number | null;
  location_id: string | null;
  location_type: LocationType | null;
  downlink_id: string | null;
}

// Both kinds of a tracker's messages as one list: positions have a place, the others a downlink at most.
const MESSAGES = `(
  SELECT tp.tenant_id, tp.device_id, tp.seq, tp.measured_at, tp.message_type, tp.latitude, tp.longitude, tp.accuracy_m, tp.battery_pct,
         tp.temperature_c, tp.location_id, NULL::text AS downlink_id
    FROM tracking_positions tp WHERE tp.tenant_id = $1 AND tp.device_id = $2 AND tp.measured_at >= $3 AND tp.measured_at < $4
  UNION ALL
  SELECT tm.tenant_id, tm.device_id, tm.seq, tm.measured_at, tm.message_type, NULL, NULL, NULL, tm.battery_pct, tm.temperature_c, NULL,
         tm.downlink_id
    FROM tracker_messages tm WHERE tm.tenant_id = $1 AND tm.device_id = $2 AND tm.measured_at >= $3 AND tm.measured_at < $4
) m`;

/** SQL of a tracker's history and the fleet's figures over a period; every statement scoped by tenant. */
export function createDeviceHistoryRepository(db: Queryable) {
  return {
    async messages(
      tenantId: string,
      deviceId: string,
      period: { from: string; to: string },
      page: { offset: number; limit: number; oldestFirst: boolean },
    ): Promise<{ rows: MessageRow[]; total: number }> {
      const params = [tenantId, deviceId, period.from, period.to];
      const order = page.oldestFirst ? 'ASC' : 'DESC';
      const rows = await db.query<MessageRow>(
        `SELECT m.seq::float8 AS seq, m.measured_at AS time, m.message_type, m.latitude, m.longitude, m.accuracy_m, m.battery_pct,
                m.temperature_c, m.location_id, p.location_type, m.downlink_id
           FROM ${MESSAGES} LEFT JOIN locations p ON p.tenant_id = m.tenant_id AND p.location_id = m.location_id
          ORDER BY m.measured_at ${order}, m.seq ${order} LIMIT $5 OFFSET $6`,
        [...params, page.limit, page.offset],
      );
      const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${MESSAGES}`, params);
      return { rows, total: count?.n ?? 0 };
    },

    /** Messages of the fleet in the period, by type, and how many devices sent any. */
    async messageCounts(
      tenantId: string,
      from: string,
      to: string,
    ): Promise<{ byType: { message_type: string; n: number }[]; reporting: number }> {
      const byType = await db.query<{ message_type: string; n: number }>(
        `SELECT message_type, count(*)::int AS n FROM (
           SELECT message_type FROM tracking_positions WHERE tenant_id = $1 AND measured_at >= $2 AND measured_at < $3
           UNION ALL SELECT message_type FROM tracker_messages WHERE tenant_id = $1 AND measured_at >= $2 AND measured_at < $3
         ) m GROUP BY message_type`,
        [tenantId, from, to],
      );
      const [reporting] = await db.query<{ n: number }>(
        `SELECT count(DISTINCT device_id)::int AS n FROM (
           SELECT device_id FROM tracking_positions WHERE tenant_id = $1 AND measured_at >= $2 AND measured_at < $3
           UNION ALL SELECT device_id FROM tracker_messages WHERE tenant_id = $1 AND measured_at >= $2 AND measured_at < $3
         ) m`,
        [tenantId, from, to],
      );
      return { byType, reporting: reporting?.n ?? 0 };
    },

    /**
     * How many trackers were in the fleet before `until`: registered before it, or heard from before it (a tracker
     * registered after its first messages, as an import or the demo does, was in the fleet from its first message).
     */
    async fleetSizeBefore(tenantId: string, until: string): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tracking_devices d
          WHERE d.tenant_id = $1 AND (d.created_at < $2
             OR EXISTS (SELECT 1 FROM tracking_positions p WHERE p.tenant_id = d.tenant_id AND p.device_id = d.device_id AND p.measured_at < $2)
             OR EXISTS (SELECT 1 FROM tracker_messages m WHERE m.tenant_id = d.tenant_id AND m.device_id = d.device_id AND m.measured_at < $2))`,
        [tenantId, until],
      );
      return row?.n ?? 0;
    },

    /** Trackers whose latest return from a silence (tracker_status, kept at ingest) is since `since`, newest first. */
    backOnline(tenantId: string, since: string) {
      return db.query<{ device_id: string; name: string; back_at: Date | string; silent_since: Date | string }>(
        `SELECT s.device_id, d.name, s.back_online_at AS back_at, s.silent_since
           FROM tracker_status s JOIN tracking_devices d ON d.tenant_id = s.tenant_id AND d.device_id = s.device_id
          WHERE s.tenant_id = $1 AND s.back_online_at >= $2
          ORDER BY s.back_online_at DESC, s.device_id`,
        [tenantId, since],
      );
    },
  };
}
export type DeviceHistoryRepository = ReturnType<typeof createDeviceHistoryRepository>;
