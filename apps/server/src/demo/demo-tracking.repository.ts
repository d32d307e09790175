import type { Queryable } from '../db/database';
import type { DemoCustomer, DemoPoi } from './demo-tracking-places';

/**
 * The tracking demo's own writes of places: customers, and POIs with their owner and shape (the places module's
 * API adds POIs one by one with validation; the demo registers its fixed set, idempotently).
 */
export function createDemoTrackingRepository(db: Queryable) {
  return {
    /** Adds the customer unless the tenant has it; true when it was added. */
    async insertCustomer(tenantId: string, customer: DemoCustomer): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO customers (tenant_id, customer_id, name) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, customer_id) DO NOTHING RETURNING customer_id`,
        [tenantId, customer.id, customer.name],
      );
      return rows.length > 0;
    },

    /**
     * Adds the POI unless the tenant has it; true when it was added. A site registered by an earlier demo (before
     * sites had owners) gets its owner, once: an owner a user set is kept.
     */
    async insertPoi(tenantId: string, poi: DemoPoi): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO locations (tenant_id, location_id, full_name, location_type, latitude, longitude, radius_m, customer_id, shape, polygon)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb) ON CONFLICT (tenant_id, location_id) DO NOTHING RETURNING location_id`,
        [
          tenantId,
          poi.id,
          poi.name,
          poi.type,
          poi.latitude,
          poi.longitude,
          poi.radiusM,
          poi.customerId,
          poi.polygon === null ? 'circle' : 'polygon',
          poi.polygon === null ? null : JSON.stringify(poi.polygon),
        ],
      );
      if (rows.length === 0 && poi.customerId !== null) {
        await db.query(
          `UPDATE locations SET customer_id = $3
            WHERE tenant_id = $1 AND location_id = $2 AND customer_id IS NULL AND location_type = 'Non-Friendly'`,
          [tenantId, poi.id, poi.customerId],
        );
      }
      return rows.length > 0;
    },
  };
}
