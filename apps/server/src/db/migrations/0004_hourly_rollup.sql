-- Per-device, per-hour extremes of every chart series, kept by ingestion in the same transaction.
-- Charts over more than a month read these (8,760 rows a year) instead of raw readings, and keep every
-- peak because each hour carries its minimum and maximum. Currents in A, power in kVA, temperatures in °C.
CREATE TABLE power_device_hourly (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  hour timestamptz NOT NULL,
  message_count integer NOT NULL,
  max_a1_min real NOT NULL,
  max_a1_max real NOT NULL,
  max_a2_min real NOT NULL,
  max_a2_max real NOT NULL,
  max_a3_min real NOT NULL,
  max_a3_max real NOT NULL,
  med_a1_min real NOT NULL,
  med_a1_max real NOT NULL,
  med_a2_min real NOT NULL,
  med_a2_max real NOT NULL,
  med_a3_min real NOT NULL,
  med_a3_max real NOT NULL,
  apparent_max_kva_min real NOT NULL,
  apparent_max_kva_max real NOT NULL,
  apparent_med_kva_min real NOT NULL,
  apparent_med_kva_max real NOT NULL,
  imbalance_min real NOT NULL,
  imbalance_max real NOT NULL,
  temperature_max_min real,
  temperature_max_max real,
  temperature_med_min real,
  temperature_med_max real,
  PRIMARY KEY (tenant_id, device_id, hour)
);
