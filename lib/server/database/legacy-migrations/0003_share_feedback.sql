-- Team feedback on a shared run or grid: a rating and a short comment under a display name. Read
-- newest first a page at a time, and summed per share, both through the one index below.
CREATE TABLE share_feedback (
  id text PRIMARY KEY,
  share_id text NOT NULL REFERENCES shares (id) ON DELETE CASCADE,
  author text NOT NULL,
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX share_feedback_newest ON share_feedback (share_id, created_at DESC, id DESC);
