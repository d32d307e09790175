-- Alerts (issue 5, spec §3 Alert): rules, their recipients, each occurrence of a rule on a device with its
-- history, and an outbox of notification emails written in the same transaction as the reading that caused them.

-- A rule: one device (device_id) or every device of the tenant (NULL), optionally only one mount type.
CREATE TABLE alert_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  kind text NOT NULL CHECK (kind IN ('powerdata', 'tracking')),
  device_id text,
  device_type text,
  trigger_field text NOT NULL,
  trigger_operator text NOT NULL CHECK (trigger_operator IN ('>', '>=', '<', '<=', '=', '!=')),
  trigger_value double precision NOT NULL,
  notify_on_clear boolean NOT NULL DEFAULT false,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_rules_by_tenant ON alert_rules (tenant_id, kind);

CREATE TABLE alert_recipients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  alert_id uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  nickname text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_recipients_by_alert ON alert_recipients (alert_id);

-- One occurrence: the rule's condition started to hold on a device (triggered) until it stopped (cleared).
CREATE TABLE alert_occurrences (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  alert_id uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  actual_value double precision NOT NULL,
  triggered_at timestamptz NOT NULL,
  cleared_at timestamptz,
  clear_value double precision,
  acknowledged_at timestamptz,
  acknowledged_by text,
  acknowledged_by_name text
);
-- At most one open occurrence per rule and device, even with two API processes evaluating at once.
CREATE UNIQUE INDEX alert_occurrences_one_open ON alert_occurrences (alert_id, device_id) WHERE cleared_at IS NULL;
CREATE INDEX alert_occurrences_open_by_tenant ON alert_occurrences (tenant_id, device_id) WHERE cleared_at IS NULL;

CREATE TABLE alert_events (
  id bigserial PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  occurrence_id uuid NOT NULL REFERENCES alert_occurrences (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('triggered', 'acknowledged', 'comment', 'cleared')),
  at timestamptz NOT NULL,
  value double precision,
  user_id text,
  user_name text,
  text text
);
CREATE INDEX alert_events_by_occurrence ON alert_events (occurrence_id, at);

-- The email outbox: one row per recipient and transition, sent (and retried) by the notification job.
CREATE TABLE alert_notifications (
  id bigserial PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  occurrence_id uuid NOT NULL REFERENCES alert_occurrences (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('triggered', 'cleared')),
  recipient_name text NOT NULL,
  recipient_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  last_error text
);
CREATE INDEX alert_notifications_due ON alert_notifications (next_attempt_at) WHERE sent_at IS NULL;
