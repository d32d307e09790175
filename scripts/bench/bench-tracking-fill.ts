import type { Database } from '../../apps/server/src/db/database';

/**
 * `count` trackers with a newest position each, spread over Ireland (a 100 × 100 grid with some jitter), made in
 * SQL (not the subject here): the devices list's and the devices map's 10,000. Ids `prefix`1 … `prefix``count`.
 */
export async function fillTrackers(db: Database, tenant: string, count: number, prefix = 'BT-'): Promise<void> {
  await db.query(
    `INSERT INTO tracking_devices (tenant_id, device_id, name, device_type)
     SELECT $1, $2 || g, 'Bench tracker ' || g, (ARRAY['Vehicle', 'Trailer', 'Container', 'Equipment'])[1 + g % 4]
       FROM generate_series(1, ${count}) g`,
    [tenant, prefix],
  );
  await db.query(
    `INSERT INTO tracking_latest (tenant_id, device_id, last_seq, last_message_at, latitude, longitude, message_type, battery_pct,
        location_id, still_since, still_latitude, still_longitude)
     SELECT $1, $2 || g, 1, now() - make_interval(mins => g % 300), lat, lon, (ARRAY['gps', 'OneWifi', 'TwoWifi'])[1 + g % 3], 20 + g % 80,
            NULL, now() - make_interval(hours => g % 200), lat, lon
       FROM generate_series(1, ${count}) g,
            LATERAL (SELECT 51.6 + (g % 100) * 0.032 + (g % 7) * 0.001 AS lat, -10.0 + (g / 100 % 100) * 0.04 + (g % 11) * 0.001 AS lon) p`,
    [tenant, prefix],
  );
  // As autovacuum would soon after on a live database: without statistics the planner took the 10,000 just
  // inserted rows for 25 and joined them by nested loops, 674 ms for the devices list instead of 29 ms.
  await db.query('ANALYZE tracking_devices, tracking_latest');
}
