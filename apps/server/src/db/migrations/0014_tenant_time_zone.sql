-- Each tenant's time zone (IANA name): its calendar days are the days of the power report, of the assets list's
-- window and the keys of power_device_daily (docs/decisions.md, "Day windows follow the tenant's time zone").
-- Tenants that exist keep UTC, the zone their stored daily rollups were keyed in; tenants created from now on
-- get Europe/Dublin, the zone of the portal's first operators, unless they are created with another.
ALTER TABLE tenants ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
ALTER TABLE tenants ALTER COLUMN time_zone SET DEFAULT 'Europe/Dublin';
