-- Rate limits and the sign-in throttle shared by every instance on one PostgreSQL server, in the
-- table layout rate-limiter-flexible's PostgreSQL store reads and writes (key, points, expire in ms).
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

-- The base form (host or api) that answered for a service root, so a new instance need not probe.
CREATE TABLE service_base_forms (
  root text PRIMARY KEY,
  form text NOT NULL CHECK (form IN ('host', 'api')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
