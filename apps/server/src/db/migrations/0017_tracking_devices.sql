-- Tracking mode, devices (issue 19): a tracker's messages without a position, each fix's accuracy and
-- temperature, each device's newest message of any kind, its tags, and its settings sent as downlinks.

-- A fix's accuracy (metres) and the tracker's temperature when it took it.
ALTER TABLE tracking_positions ADD COLUMN accuracy_m real;
ALTER TABLE tracking_positions ADD COLUMN temperature_c real;

-- Every message a tracker sends without a position, once per (device, seq): nothing to place (None), a failed
-- fix (NoPositionData), or the acknowledgement of a downlink. Kept apart from tracking_positions so that every
-- position row has a place (journeys and visits read that table) and a message kind's seq stays its own counter.
CREATE TABLE tracker_messages (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  seq bigint NOT NULL,
  measured_at timestamptz NOT NULL,
  message_type text NOT NULL CHECK (message_type IN ('None', 'NoPositionData', 'DownlinkAcknowledgement')),
  downlink_id text,
  battery_pct real,
  temperature_c real,
  PRIMARY KEY (tenant_id, device_id, seq),
  FOREIGN KEY (tenant_id, device_id) REFERENCES tracking_devices (tenant_id, device_id) ON DELETE CASCADE
);
CREATE INDEX tracker_messages_by_time ON tracker_messages (tenant_id, device_id, measured_at);

-- Each tracker's newest message of either kind (tracking_latest keeps its newest position): its time and type,
-- the newest battery, temperature and accuracy it reported, and its latest return from a silence of 24 hours or
-- more (the message before the silence, the one after it), so that /api/device/backonline reads no history.
CREATE TABLE tracker_status (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  last_message_at timestamptz NOT NULL,
  message_type text NOT NULL,
  silent_since timestamptz,
  back_online_at timestamptz,
  battery_pct real,
  temperature_c real,
  accuracy_m real,
  PRIMARY KEY (tenant_id, device_id),
  FOREIGN KEY (tenant_id, device_id) REFERENCES tracking_devices (tenant_id, device_id) ON DELETE CASCADE
);
CREATE INDEX tracker_status_by_time ON tracker_status (tenant_id, last_message_at);
INSERT INTO tracker_status (tenant_id, device_id, last_message_at, message_type, battery_pct)
  SELECT tenant_id, device_id, last_message_at, message_type, battery_pct FROM tracking_latest;

-- Free labels an operator gives a tracker (spec §3 shared state "tags").
ALTER TABLE tracking_devices ADD COLUMN tags text[] NOT NULL DEFAULT '{}';

-- Settings sent to a tracker: each change is a downlink, pending until the tracker acknowledges it; the
-- settings in force are those of its newest applied downlink (defaults before any).
CREATE TABLE tracker_downlinks (
  tenant_id text NOT NULL,
  downlink_id text NOT NULL,
  device_id text NOT NULL,
  settings jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'superseded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz,
  PRIMARY KEY (tenant_id, downlink_id),
  FOREIGN KEY (tenant_id, device_id) REFERENCES tracking_devices (tenant_id, device_id) ON DELETE CASCADE
);
CREATE INDEX tracker_downlinks_by_device ON tracker_downlinks (tenant_id, device_id, created_at);

-- The device watchlist (/api/watchlist/device) accepts trackers: device_watchlist belongs to the power-data
-- registry (its rows cascade with power_devices), so a user's watched trackers are kept here, beside it.
CREATE TABLE tracker_watchlist (
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  device_id text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, device_id),
  FOREIGN KEY (tenant_id, device_id) REFERENCES tracking_devices (tenant_id, device_id) ON DELETE CASCADE
);
