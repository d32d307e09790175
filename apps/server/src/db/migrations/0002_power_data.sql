-- Power-data device registry (spec §3 Power-data device). Location in WGS 84 degrees.
CREATE TABLE power_devices (
  tenant_id text NOT NULL REFERENCES tenants (id),
  device_id text NOT NULL,
  monitor_type text NOT NULL DEFAULT 'PowerCoil',
  transformer_name text NOT NULL,
  transformer_number text,
  rating_kva real NOT NULL CHECK (rating_kva > 0),
  asset_id text,
  device_status text NOT NULL DEFAULT 'Registered'
    CHECK (device_status IN ('Active', 'Inactive', 'Installed', 'Registered', 'Provisioned', 'Unknown', 'Not Installed')),
  device_voltage_v integer,
  installation_date date,
  connected_mprns integer NOT NULL DEFAULT 0 CHECK (connected_mprns >= 0),
  commuter_area boolean NOT NULL DEFAULT false,
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  device_type text CHECK (device_type IN ('Ground Mount', 'Pole Mount', 'Indoor')),
  connection_type text CHECK (connection_type IN ('P.L.T.E', 'Public Sim')),
  power_quality_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, device_id)
);

-- Per-user device watchlist (spec §7 /api/watchlist/device).
CREATE TABLE device_watchlist (
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  device_id text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, device_id),
  FOREIGN KEY (tenant_id, device_id) REFERENCES power_devices (tenant_id, device_id) ON DELETE CASCADE
);

-- Ingest API keys: only a SHA-256 of the secret is kept; the prefix finds the row.
CREATE TABLE ingest_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  name text NOT NULL,
  prefix text NOT NULL UNIQUE,
  secret_sha256 bytea NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- Transformer-monitor readings. Idempotent on (tenant, device, seq); range scans by (tenant, device, time).
-- Currents in A, temperatures in °C as sent; derived values are computed on read from these.
CREATE TABLE power_messages (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  seq bigint NOT NULL,
  measured_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  current_max_a real[] NOT NULL,
  current_med_a real[] NOT NULL,
  temperature_max_c real,
  temperature_med_c real,
  battery_pct real,
  lqi smallint,
  PRIMARY KEY (tenant_id, device_id, seq)
);
CREATE INDEX power_messages_by_time ON power_messages (tenant_id, device_id, measured_at);

-- Latest state per device, kept current by ingestion (the assets list reads this, not raw messages).
CREATE TABLE power_device_latest (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  last_seq bigint NOT NULL,
  last_message_at timestamptz NOT NULL,
  current_max_a real[] NOT NULL,
  current_med_a real[] NOT NULL,
  temperature_max_c real,
  temperature_med_c real,
  battery_pct real,
  lqi smallint,
  PRIMARY KEY (tenant_id, device_id)
);

-- Per-device, per-UTC-day aggregates, kept current by ingestion in the same transaction.
CREATE TABLE power_device_daily (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  day date NOT NULL,
  message_count integer NOT NULL,
  min_seq bigint NOT NULL,
  max_seq bigint NOT NULL,
  current_max_a real[] NOT NULL,
  current_med_sum_a double precision[] NOT NULL,
  apparent_max_kva real NOT NULL,
  apparent_med_sum_kva double precision NOT NULL,
  imbalance_max_percent real NOT NULL,
  temperature_max_c real,
  temperature_min_c real,
  temperature_med_sum_c double precision NOT NULL DEFAULT 0,
  temperature_count integer NOT NULL DEFAULT 0,
  temperature_sense_errors integer NOT NULL DEFAULT 0,
  battery_min_pct real,
  PRIMARY KEY (tenant_id, device_id, day)
);

-- Power-quality events and faults (spec §4 event types).
CREATE TABLE power_quality_events (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  seq bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  event_type text NOT NULL,
  priority smallint NOT NULL,
  phase smallint,
  duration_ms bigint,
  magnitude real,
  PRIMARY KEY (tenant_id, device_id, seq)
);
CREATE INDEX power_quality_events_by_time ON power_quality_events (tenant_id, device_id, occurred_at);

-- Dissolved-hydrogen sensor readings (spec §3 Transformer health).
CREATE TABLE hydrogen_readings (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  seq bigint NOT NULL,
  measured_at timestamptz NOT NULL,
  h2_ppm real,
  oil_temperature_c real,
  status smallint NOT NULL,
  operation smallint NOT NULL,
  PRIMARY KEY (tenant_id, device_id, seq)
);
CREATE INDEX hydrogen_readings_by_time ON hydrogen_readings (tenant_id, device_id, measured_at);

-- Metering readings of the LV side.
CREATE TABLE metering_readings (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  seq bigint NOT NULL,
  measured_at timestamptz NOT NULL,
  import_kwh double precision NOT NULL,
  export_kwh double precision NOT NULL,
  voltage_v real[],
  power_factor real,
  PRIMARY KEY (tenant_id, device_id, seq)
);
CREATE INDEX metering_readings_by_time ON metering_readings (tenant_id, device_id, measured_at);

-- Messages that could not be stored, with why: never silently dropped.
CREATE TABLE ingest_dead_letters (
  id bigserial PRIMARY KEY,
  tenant_id text,
  source text NOT NULL CHECK (source IN ('http', 'mqtt')),
  device_id text,
  reason text NOT NULL,
  fields text[] NOT NULL DEFAULT '{}',
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ingest_dead_letters_by_tenant ON ingest_dead_letters (tenant_id, received_at DESC);
