-- Load planning (issue 20): a transformer's "max annual load day" is its day of highest apparent power. This index
-- finds it with one short index scan per device instead of reading a year of daily rollups (10,000 devices × 365
-- wide rows). Only a change of the day's peak moves an entry, so most rollup updates stay heap-only.
CREATE INDEX power_device_daily_peak ON power_device_daily (tenant_id, device_id, apparent_max_kva DESC, day DESC) WHERE message_count > 0;
