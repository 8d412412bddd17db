-- The share library's one row: its total size, changed in the same transaction as every share (so
-- the size limit never sums the table, and its row lock orders concurrent shares across instances).
INSERT INTO "share_library" ("id", "bytes") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
