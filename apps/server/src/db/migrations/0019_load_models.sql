-- EV and heat-pump load models (issue 20, spec §3 EV model, HP model): each tenant's named sets of planning
-- assumptions. The parameters are one JSON object, checked whole by the contract's schema on the way in, so that a
-- new parameter needs no migration. Each power-data tenant is given a default model of each kind by the server
-- (load-models.service.ts), from the domain's one set of defaults, the first time its models are read.
CREATE TABLE load_models (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants (id),
  kind text NOT NULL CHECK (kind IN ('ev', 'hp')),
  name text NOT NULL,
  parameters jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Names are unique per tenant and kind whatever their case ('Default EV model' and 'default ev model' are one).
CREATE UNIQUE INDEX load_models_name ON load_models (tenant_id, kind, lower(name));
