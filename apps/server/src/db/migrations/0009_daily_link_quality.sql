-- Link quality per device and UTC day, for the device coverage check: a fleet over a week is 70,000 rollup rows
-- instead of 6.7 million readings. The counts below 140 and below 90 are the coverage levels' thresholds
-- (packages/domain/src/power/coverage.ts); changing those thresholds needs a migration that counts again.
ALTER TABLE power_device_daily
  ADD COLUMN lqi_count integer NOT NULL DEFAULT 0,
  ADD COLUMN lqi_sum bigint NOT NULL DEFAULT 0,
  ADD COLUMN lqi_min smallint,
  ADD COLUMN lqi_below_good integer NOT NULL DEFAULT 0,
  ADD COLUMN lqi_below_average integer NOT NULL DEFAULT 0;

-- Days stored before this migration, from their readings.
UPDATE power_device_daily d
   SET lqi_count = q.n, lqi_sum = q.total, lqi_min = q.lowest, lqi_below_good = q.below_good, lqi_below_average = q.below_average
  FROM (SELECT p.tenant_id, p.device_id, (r.measured_at AT TIME ZONE 'UTC')::date AS day, count(r.lqi)::int AS n,
               coalesce(sum(r.lqi), 0) AS total, min(r.lqi) AS lowest,
               count(*) FILTER (WHERE r.lqi < 140)::int AS below_good, count(*) FILTER (WHERE r.lqi < 90)::int AS below_average
          FROM power_readings r JOIN power_devices p ON p.device_key = r.device_key
         GROUP BY 1, 2, 3) AS q
 WHERE d.tenant_id = q.tenant_id AND d.device_id = q.device_id AND d.day = q.day;
