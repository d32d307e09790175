-- Report management (issue 29, spec §3 Report schedule, §7 /api/report…): the reports stored by week or day, the
-- schedules that produce and send them, each schedule's recipients, and each delivery (run) of a schedule. Every
-- row keeps who created and last changed it, and when, for the audit log.

-- A report produced for a period: an ISO week (its Monday, in the tenant's calendar) for fleet and KPI, a day for
-- power. One per tenant, kind, period and customer ('' for the whole fleet): producing it again refreshes it.
CREATE TABLE stored_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  kind text NOT NULL CHECK (kind IN ('fleet', 'kpi', 'power')),
  period_start date NOT NULL,
  customer_id text NOT NULL DEFAULT '',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, kind, period_start, customer_id)
);
CREATE INDEX stored_reports_newest ON stored_reports (tenant_id, period_start DESC);

CREATE TABLE report_schedules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  report text NOT NULL CHECK (report IN ('fleet', 'kpi', 'power')),
  frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  day_of_week smallint CHECK (day_of_week BETWEEN 1 AND 7),
  day_of_month smallint CHECK (day_of_month BETWEEN 1 AND 28),
  local_time text NOT NULL CHECK (local_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_zone text NOT NULL,
  language text NOT NULL CHECK (language IN ('EN', 'GA', 'FR', 'ES', 'PL')),
  formats text[] NOT NULL CHECK (cardinality(formats) > 0 AND formats <@ ARRAY['pdf', 'csv', 'xlsx']),
  customer_id text,
  only_when_attention boolean NOT NULL DEFAULT false,
  -- The next time it is due (UTC), kept with the rule that computes it: the runner picks due schedules by index.
  next_due_at timestamptz NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((frequency = 'weekly') = (day_of_week IS NOT NULL)),
  CHECK ((frequency = 'monthly') = (day_of_month IS NOT NULL))
);
CREATE INDEX report_schedules_by_tenant ON report_schedules (tenant_id, created_at);
CREATE INDEX report_schedules_due ON report_schedules (next_due_at);

CREATE TABLE report_schedule_recipients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  schedule_id uuid NOT NULL REFERENCES report_schedules (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  nickname text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_schedule_recipients_by_schedule ON report_schedule_recipients (schedule_id);

-- One delivery of a schedule for one due time: the unique (schedule_id, due_at) lets any number of server
-- processes claim a due run with INSERT … ON CONFLICT DO NOTHING and only one of them win.
CREATE TABLE report_schedule_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  schedule_id uuid NOT NULL REFERENCES report_schedules (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  sent_at timestamptz,
  recipients text[] NOT NULL DEFAULT '{}',
  formats text[] NOT NULL DEFAULT '{}',
  reason text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (schedule_id, due_at)
);
CREATE INDEX report_schedule_runs_newest ON report_schedule_runs (tenant_id, schedule_id, due_at DESC);
