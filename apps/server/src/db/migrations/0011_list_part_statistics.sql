-- The assets list reads its figures in parts run at once, each part the devices of some of twelve hash buckets
-- (modules/power-devices/period-list.ts). Without statistics on the bucket expression the planner guessed a
-- part held 0.5 % of a tenant's devices instead of half of them, and chose index look-ups per device and a
-- sort where hash joins were due: 74 ms for two parts of 10,000 devices instead of 46. These statistics
-- (filled by ANALYZE, i.e. autovacuum or the maintenance job) give it each bucket's share. The expression
-- must stay identical to the query's.
CREATE STATISTICS power_devices_list_bucket ON ((hashtext(device_id) & 2147483647) % 12) FROM power_devices;
CREATE STATISTICS power_device_daily_list_bucket ON ((hashtext(device_id) & 2147483647) % 12) FROM power_device_daily;
ANALYZE power_devices, power_device_daily;
