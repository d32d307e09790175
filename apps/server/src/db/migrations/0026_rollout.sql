-- The rollout dashboard (issue 30): the installation programme's planner groups and sites, the tenant's own abort
-- reasons, every device's dated status history (rollout), and the installer's recorded device tests (coverage).

CREATE TABLE rollout_groups (
  tenant_id text NOT NULL REFERENCES tenants (id),
  group_id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  region text,
  contact text,
  weekly_target integer NOT NULL DEFAULT 0 CHECK (weekly_target >= 0),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, group_id)
);
-- A group is named once per tenant, whatever the case (the import finds a site's group by its name).
CREATE UNIQUE INDEX rollout_groups_name ON rollout_groups (tenant_id, lower(name));

CREATE TABLE rollout_sites (
  tenant_id text NOT NULL REFERENCES tenants (id),
  site_id text NOT NULL,
  name text NOT NULL,
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  group_id uuid,
  -- The Monday of the planned ISO week.
  planned_week date CHECK (planned_week IS NULL OR extract(isodow FROM planned_week) = 1),
  notes text,
  device_id text,
  -- Visits: the aborted ones and the one that installed it; first-time success is installed with one attempt.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  installed_at timestamptz,
  abort_reason text,
  aborted_at timestamptz,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, site_id),
  FOREIGN KEY (tenant_id, group_id) REFERENCES rollout_groups (tenant_id, group_id)
);
-- One site per device.
CREATE UNIQUE INDEX rollout_sites_device ON rollout_sites (tenant_id, device_id) WHERE device_id IS NOT NULL;
CREATE INDEX rollout_sites_group ON rollout_sites (tenant_id, group_id, planned_week);

CREATE TABLE rollout_abort_reasons (
  tenant_id text NOT NULL REFERENCES tenants (id),
  code text NOT NULL,
  label text NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, code)
);

-- Every change of a device's status, with the event that made it (power_devices.device_status holds the current one).
CREATE TABLE device_status_history (
  tenant_id text NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  device_id text NOT NULL,
  at timestamptz NOT NULL,
  from_status text,
  to_status text NOT NULL,
  event text NOT NULL,
  detail text,
  changed_by text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX device_status_history_newest ON device_status_history (tenant_id, device_id, at DESC, id DESC);

-- The installer's recorded device tests (POST /api/powerdata/device-test/{DeviceID}): the test as it stood then.
CREATE TABLE device_tests (
  tenant_id text NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  device_id text NOT NULL,
  tested_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('pass', 'warn', 'fail')),
  passed boolean NOT NULL,
  checks jsonb NOT NULL,
  note text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX device_tests_newest ON device_tests (tenant_id, device_id, tested_at DESC, id DESC);
