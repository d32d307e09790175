-- The embedded identity provider's state (src/oidc, its only reader and writer): sign-in sessions, interactions,
-- grants, authorization codes and the like, one row per oidc-provider model and id, so that a restart or a second
-- process keeps users signed in. Expired rows are deleted by the provider's cleanup job.
CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_uid ON oidc_payloads (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_expiry ON oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;
