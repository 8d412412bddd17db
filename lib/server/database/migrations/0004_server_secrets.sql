-- Secrets the server makes for itself on first start (the session and poll-token signing key), so
-- every instance on one PostgreSQL server signs with the same one and a restart keeps it.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
