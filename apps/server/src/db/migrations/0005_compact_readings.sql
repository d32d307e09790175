-- Compact transformer readings (issue 3 storage budget: at most 12 bytes per data point on PostgreSQL).
--
-- A reading used to cost 250 bytes: tenant and device ids as text in the row and in two indexes, two real[]
-- arrays with 24-byte headers, and a received_at. Now each device has an integer surrogate key and a reading
-- is one fixed-width 72-byte tuple with a single index:
--   * device_key: the tenant is implied by the device (every read resolves the device within the caller's
--     tenant first, so tenant scoping is unchanged),
--   * seq: unsigned 32-bit counters stored in a signed int4 shifted by -2^31, which keeps their order,
--   * currents as six real columns; temperatures in tenths of a °C and battery in tenths of a per cent as
--     smallint (the ingest path rounds to that precision before deriving anything, so rollups agree),
--   * one index, (device_key, seq), which is also the idempotency key. Time ranges become seq ranges through
--     the daily rollup's min_seq/max_seq of the days concerned (see IN_PERIOD in power-readings.repository.ts), so no time index.
ALTER TABLE power_devices ADD COLUMN device_key integer GENERATED ALWAYS AS IDENTITY;
ALTER TABLE power_devices ADD CONSTRAINT power_devices_device_key_unique UNIQUE (device_key);

CREATE TABLE power_readings (
  measured_at timestamptz NOT NULL,
  device_key integer NOT NULL,
  seq integer NOT NULL,
  max_a1 real NOT NULL,
  max_a2 real NOT NULL,
  max_a3 real NOT NULL,
  med_a1 real NOT NULL,
  med_a2 real NOT NULL,
  med_a3 real NOT NULL,
  temperature_max_dc smallint,
  temperature_med_dc smallint,
  battery_dpct smallint,
  lqi smallint,
  PRIMARY KEY (device_key, seq)
);

-- floor(x + 0.5) rounds halves up, as ingestion's Math.round does (round() on a real would round them to even).
INSERT INTO power_readings
SELECT m.measured_at, d.device_key, (m.seq - 2147483648)::integer,
       m.current_max_a[1], m.current_max_a[2], m.current_max_a[3], m.current_med_a[1], m.current_med_a[2], m.current_med_a[3],
       floor(m.temperature_max_c * 10 + 0.5)::smallint, floor(m.temperature_med_c * 10 + 0.5)::smallint, floor(m.battery_pct * 10 + 0.5)::smallint, m.lqi
  FROM power_messages m
  JOIN power_devices d ON d.tenant_id = m.tenant_id AND d.device_id = m.device_id;

-- Each hour's sum of median apparent power, so fleet totals per hour read the hourly rollup, not readings.
ALTER TABLE power_device_hourly ADD COLUMN apparent_med_kva_sum double precision NOT NULL DEFAULT 0;
UPDATE power_device_hourly h
   SET apparent_med_kva_sum = s.total
  FROM (SELECT tenant_id, device_id, date_trunc('hour', measured_at) AS hour,
               sum((current_med_a[1] + current_med_a[2] + current_med_a[3]) * 230 / 1000) AS total
          FROM power_messages GROUP BY 1, 2, 3) s
 WHERE h.tenant_id = s.tenant_id AND h.device_id = s.device_id AND h.hour = s.hour;

DROP TABLE power_messages;

-- The readings as people read them (tenant and device ids, true sequence numbers, units as sent): for
-- support queries and tests. The application reads power_readings directly.
CREATE VIEW power_messages AS
SELECT d.tenant_id, d.device_id, r.device_key, r.seq::bigint + 2147483648 AS seq, r.measured_at,
       ARRAY[r.max_a1, r.max_a2, r.max_a3] AS current_max_a, ARRAY[r.med_a1, r.med_a2, r.med_a3] AS current_med_a,
       (r.temperature_max_dc / 10.0)::real AS temperature_max_c, (r.temperature_med_dc / 10.0)::real AS temperature_med_c,
       (r.battery_dpct / 10.0)::real AS battery_pct, r.lqi
  FROM power_readings r
  JOIN power_devices d ON d.device_key = r.device_key;
