-- Issue 31: the portal as several processes on one PostgreSQL.

-- The embedded identity provider's signing key and cookie keys (issue 31), in the database that every process of
-- the portal shares: a token signed by one process verifies in the others, and a sign-in that starts on one and
-- comes back to another finds its cookies readable. The first process to start writes them; the others read them.
-- (They were a file in one process's DATA_DIR, which the first start after this migration copies in.)
CREATE TABLE oidc_secrets (
  name text PRIMARY KEY,
  secrets jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Rate limits counted once for every process of the portal on one PostgreSQL (issue 31): the sign-in form's, the
-- device test's and ingestion's, each a counter per key (a SHA-256 of the limit's key: some hold a secret) that
-- starts again when its window has run out. A process alone on PGlite counts in its memory and leaves this empty.
CREATE TABLE rate_limit_counters (
  key_sha256 bytea PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_resets ON rate_limit_counters (resets_at);

-- Caches that each process keeps (who the tenants are, which ingest key is whose) are told of a change made by any
-- process, or by the operator's command, through NOTIFY on commit: each process LISTENs and forgets what it kept, so
-- that a revoked ingest key stops working everywhere within moments, not when a cache runs out.
CREATE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gridlens_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
CREATE TRIGGER tenants_changed AFTER INSERT OR UPDATE OR DELETE ON tenants FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
CREATE TRIGGER ingest_keys_changed AFTER INSERT OR UPDATE OR DELETE ON ingest_keys FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
