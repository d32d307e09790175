-- Hydrogen sensor configuration per device (spec §3 Transformer health). No row means the defaults
-- (Mineral, Field, Sealed, MainTank), which the API serves. Spec §3 names a single operating mode, Field;
-- the API accepts only that, and the column has no CHECK so a future mode needs no migration.
CREATE TABLE hydrogen_sensor_config (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  oil_type text NOT NULL CHECK (oil_type IN ('Mineral', 'Natural Ester', 'Synthetic Ester')),
  operating_mode text NOT NULL DEFAULT 'Field',
  sensor_type text NOT NULL CHECK (sensor_type IN ('Sealed', 'Open')),
  sensor_location text NOT NULL CHECK (sensor_location IN ('MainTank', 'OLTC', 'Bushing', 'CT-PT', 'Cable', 'TopOil')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL,
  PRIMARY KEY (tenant_id, device_id),
  FOREIGN KEY (tenant_id, device_id) REFERENCES power_devices (tenant_id, device_id) ON DELETE CASCADE
);

-- Installation images (Images tab), stored in the database. byte_size always equals the stored length;
-- the API caps uploads at 5 MiB and checks the magic bytes against content_type.
CREATE TABLE device_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  image_type text NOT NULL CHECK (image_type IN ('installation', 'nameplate', 'site', 'other')),
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  byte_size integer NOT NULL CHECK (byte_size > 0),
  data bytea NOT NULL,
  caption text CHECK (char_length(caption) <= 200),
  uploaded_by text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  CHECK (octet_length(data) = byte_size),
  FOREIGN KEY (tenant_id, device_id) REFERENCES power_devices (tenant_id, device_id) ON DELETE CASCADE
);
CREATE INDEX device_images_by_device ON device_images (tenant_id, device_id, uploaded_at);
