-- Tenants and their settings (spec §3 Tenant config). The id is the value carried in users' tokens.
CREATE TABLE tenants (
  id text PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('tracking', 'powerdata')),
  powerdata_type text,
  tabs jsonb NOT NULL,
  language text NOT NULL DEFAULT 'EN',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Per-user preferences (spec §3 User config); '' temperature_metric means "automatic from time zone".
CREATE TABLE user_settings (
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id text NOT NULL,
  default_section text,
  sections_order jsonb NOT NULL DEFAULT '[]',
  hidden_sections jsonb NOT NULL DEFAULT '[]',
  temperature_metric text NOT NULL DEFAULT '' CHECK (temperature_metric IN ('', 'celsius', 'fahrenheit')),
  time_zone text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id)
);

-- What users send through the feedback widget.
CREATE TABLE feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id text NOT NULL,
  message text NOT NULL,
  rating integer CHECK (rating BETWEEN 1 AND 5),
  page text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX feedback_by_tenant_time ON feedback (tenant_id, created_at DESC);
