-- Tracking mode's foundation (spec §3 Device (tracking), Location) and tracking alerts (issue 5).

-- Tracked devices: a GPS/Wi-Fi tracker fitted to a vehicle, trailer, container or piece of equipment.
CREATE TABLE tracking_devices (
  tenant_id text NOT NULL REFERENCES tenants (id),
  device_id text NOT NULL,
  name text NOT NULL,
  device_type text NOT NULL DEFAULT 'Vehicle' CHECK (device_type IN ('Vehicle', 'Trailer', 'Container', 'Equipment')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, device_id)
);

-- Points of interest (spec §3 Location): a circle of radius_m metres around the position.
CREATE TABLE locations (
  tenant_id text NOT NULL REFERENCES tenants (id),
  location_id text NOT NULL,
  full_name text NOT NULL,
  location_type text NOT NULL CHECK (location_type IN ('Friendly', 'Non-Friendly')),
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  radius_m real NOT NULL DEFAULT 200 CHECK (radius_m BETWEEN 25 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, location_id)
);

-- Every position message, once per (device, seq); location_id is the POI it fell in when it arrived.
CREATE TABLE tracking_positions (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  seq bigint NOT NULL,
  measured_at timestamptz NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  message_type text NOT NULL,
  battery_pct real,
  location_id text,
  PRIMARY KEY (tenant_id, device_id, seq),
  FOREIGN KEY (tenant_id, device_id) REFERENCES tracking_devices (tenant_id, device_id) ON DELETE CASCADE
);
CREATE INDEX tracking_positions_by_time ON tracking_positions (tenant_id, device_id, measured_at);

-- Each device's newest position and how long it has stood still, kept current by ingestion.
CREATE TABLE tracking_latest (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  last_seq bigint NOT NULL,
  last_message_at timestamptz NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  message_type text NOT NULL,
  battery_pct real,
  location_id text,
  still_since timestamptz NOT NULL,
  still_latitude double precision NOT NULL,
  still_longitude double precision NOT NULL,
  PRIMARY KEY (tenant_id, device_id),
  FOREIGN KEY (tenant_id, device_id) REFERENCES tracking_devices (tenant_id, device_id) ON DELETE CASCADE
);

-- Tracking rules watch a POI or a POI type (arrival, departure) and then take no value.
ALTER TABLE alert_rules ALTER COLUMN trigger_value DROP NOT NULL;
ALTER TABLE alert_rules ADD COLUMN location_id text;
ALTER TABLE alert_rules ADD COLUMN location_type text CHECK (location_type IN ('Friendly', 'Non-Friendly'));
-- An arrival or departure has no number: its occurrence records the POI instead.
ALTER TABLE alert_occurrences ALTER COLUMN actual_value DROP NOT NULL;
ALTER TABLE alert_occurrences ADD COLUMN location_id text;
