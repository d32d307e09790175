-- A version of each tenant's device registry, raised by every statement that inserts, updates or deletes its
-- power devices. The assets list keeps the registry's columns (names, ratings, places: 16 of its 41
-- columns, and the only text among them) in memory and reads only the changing figures from the database,
-- as long as this version says the copy is current. Raised by triggers, not by the repository, so that no
-- writer (the demo seed, a migration, an operator's SQL) can change the registry without it; the row lock
-- on the tenant orders concurrent writers, so a committed version is never reused.
ALTER TABLE tenants ADD COLUMN power_registry_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION raise_power_registry_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenants SET power_registry_version = power_registry_version + 1
   WHERE id IN (SELECT tenant_id FROM changed_devices);
  RETURN NULL;
END $$;

-- One trigger per event: a trigger with a transition table may only have one.
CREATE TRIGGER power_devices_inserted AFTER INSERT ON power_devices
  REFERENCING NEW TABLE AS changed_devices FOR EACH STATEMENT EXECUTE FUNCTION raise_power_registry_version();
CREATE TRIGGER power_devices_updated AFTER UPDATE ON power_devices
  REFERENCING NEW TABLE AS changed_devices FOR EACH STATEMENT EXECUTE FUNCTION raise_power_registry_version();
CREATE TRIGGER power_devices_deleted AFTER DELETE ON power_devices
  REFERENCING OLD TABLE AS changed_devices FOR EACH STATEMENT EXECUTE FUNCTION raise_power_registry_version();
