-- Tracking mode, whole (issue 19): customers owning sites, POIs as circles or polygons, and the tenant's period
-- that tells a Static asset from a Fluid one (spec §3 shared state "selected customer", §4 asset movement).

-- A customer of the fleet operator: it owns Non-Friendly sites (the places its returnable assets go to).
CREATE TABLE customers (
  tenant_id text NOT NULL REFERENCES tenants (id),
  customer_id text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, customer_id)
);

-- A POI is a circle (radius_m around latitude, longitude) or a polygon: `polygon` holds its rings as GeoJSON
-- coordinates ([[[lon, lat], ...], hole, ...]); latitude and longitude are then its centre for labels and maps.
-- The bounding box (min/max latitude/longitude, of the circle or the polygon) is what the placement index reads.
ALTER TABLE locations ADD COLUMN customer_id text;
ALTER TABLE locations ADD CONSTRAINT locations_customer_fk FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, customer_id);
ALTER TABLE locations ADD COLUMN shape text NOT NULL DEFAULT 'circle' CHECK (shape IN ('circle', 'polygon'));
ALTER TABLE locations ADD COLUMN polygon jsonb;
ALTER TABLE locations ADD CONSTRAINT locations_polygon_shape CHECK ((shape = 'polygon') = (polygon IS NOT NULL));
CREATE INDEX locations_by_customer ON locations (tenant_id, customer_id);

-- Spec §4 asset movement: Static once a device has stayed in the same POI longer than this, Fluid otherwise.
ALTER TABLE tenants ADD COLUMN static_after_hours integer NOT NULL DEFAULT 72 CHECK (static_after_hours BETWEEN 1 AND 8760);
