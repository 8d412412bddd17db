-- The library of shared runs and grids. A share's record is the run as the history export writes
-- it (run.json); its files (the answer, the images, the thumbnail) live in their own table, so a
-- page reads its record without them and each file is served on its own.
CREATE TABLE shares (
  id text PRIMARY KEY,
  owner_token_hash text NOT NULL,
  -- The browser's own id for what was shared: sharing the same run twice gives the same link.
  source_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('run', 'grid')),
  record jsonb NOT NULL,
  bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);
CREATE UNIQUE INDEX shares_owner_source ON shares (owner_token_hash, source_key);
-- Purging finds expired shares that still hold data; what remains of one is a tombstone (bytes 0),
-- kept so that its link answers "expired" rather than "not found".
CREATE INDEX shares_expires_at ON shares (expires_at) WHERE expires_at IS NOT NULL AND bytes > 0;

CREATE TABLE share_files (
  share_id text NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- An image type checked from the bytes, or application/octet-stream for anything else.
  content_type text NOT NULL,
  bytes integer NOT NULL,
  -- The bytes, on a PostgreSQL server; NULL with the embedded database, which keeps them in a
  -- folder beside itself (see share-file-storage.ts).
  data bytea,
  PRIMARY KEY (share_id, name)
);

-- One row: the library's total size, updated in the same transaction as every change, so the
-- size limit never sums the table (and its row lock orders concurrent shares across instances).
CREATE TABLE share_library (
  id integer PRIMARY KEY CHECK (id = 1),
  bytes bigint NOT NULL
);
INSERT INTO share_library (id, bytes) VALUES (1, 0);
