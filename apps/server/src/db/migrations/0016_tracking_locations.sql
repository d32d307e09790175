-- Tracking places (issue 19): a version of each tenant's POIs for the placement index, and each user's
-- location watchlist (spec §7 /api/watchlist/location).

-- Raised by every statement that inserts, updates or deletes a tenant's POIs. Ingest keeps a spatial index of
-- the tenant's POIs in memory and rebuilds it only when this version moved, in any process (as
-- power_registry_version does for the assets list, migration 0007). Triggers rather than the repository, so that
-- no writer (the demo seed, an operator's SQL) can change the POIs without it.
ALTER TABLE tenants ADD COLUMN poi_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION raise_poi_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenants SET poi_version = poi_version + 1
   WHERE id IN (SELECT tenant_id FROM changed_locations);
  RETURN NULL;
END $$;

CREATE TRIGGER locations_inserted AFTER INSERT ON locations
  REFERENCING NEW TABLE AS changed_locations FOR EACH STATEMENT EXECUTE FUNCTION raise_poi_version();
CREATE TRIGGER locations_updated AFTER UPDATE ON locations
  REFERENCING NEW TABLE AS changed_locations FOR EACH STATEMENT EXECUTE FUNCTION raise_poi_version();
CREATE TRIGGER locations_deleted AFTER DELETE ON locations
  REFERENCING OLD TABLE AS changed_locations FOR EACH STATEMENT EXECUTE FUNCTION raise_poi_version();

-- Per-user location watchlist; a deleted POI leaves every watchlist.
CREATE TABLE location_watchlist (
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  location_id text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, location_id),
  FOREIGN KEY (tenant_id, location_id) REFERENCES locations (tenant_id, location_id) ON DELETE CASCADE ON UPDATE CASCADE
);
