import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import type { Queryable } from '../../db/database';

/** A customer as registered in bulk (an import, the demo): its id and name. */
export interface RegisteredCustomer {
  id: string;
  name: string;
}

/** A POI as registered in bulk: a circle, or a polygon whose radius is the distance to its furthest corner. */
export interface RegisteredPoi {
  id: string;
  name: string;
  type: LocationType;
  latitude: number;
  longitude: number;
  radiusM: number;
  /** The customer owning a Non-Friendly site; null for the tenant's own places. */
  customerId: string | null;
  polygon: [number, number][][] | null;
}

/**
 * Places registered in bulk and idempotently (the demo's fixed set): customers, and POIs with their owner and shape.
 * The locations API adds POIs one by one with validation (locations.service.ts).
 */
export function createPlaceRegistryRepository(db: Queryable) {
  return {
    /** Adds the customer unless the tenant has it; true when it was added. */
    async insertCustomer(tenantId: string, customer: RegisteredCustomer): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO customers (tenant_id, customer_id, name) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, customer_id) DO NOTHING RETURNING customer_id`,
        [tenantId, customer.id, customer.name],
      );
      return rows.length > 0;
    },

    /**
     * Adds the POI unless the tenant has it; true when it was added. A site registered before sites had owners gets
     * its owner, once: an owner a user set is kept.
     */
    async insertPoi(tenantId: string, poi: RegisteredPoi): Promise<boolean> {
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
