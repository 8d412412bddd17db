-- A row the service has answered (its answer kept, migration 0016) no longer counts against its
-- batch's concurrency: its run is being recorded, and nothing more is sent for it. Such a row whose
-- server stopped before the record goes back in line with its answer; claimed again, it is
-- 'record' (its run is made from the kept answer, with no new attempt and no send), and it is
-- recorded whatever the batch's concurrency, since it sends nothing.

DROP FUNCTION claim_batch_row(text, integer, text, double precision);
--> statement-breakpoint

-- outcome: 'send' (the row is now "sending" with a lease and a pending attempt; its attempts
-- before this one, request and author come with it), 'record' (the row is "sending" again with a
-- lease, to record the answer that comes with it), 'skip' (the row is another job's, or finished),
-- 'later' (the batch is paused or cancelled, or at its concurrency: the row gives up its job and
-- waits for one of its own).
CREATE FUNCTION claim_batch_row(p_batch_id text, p_position integer, p_job_id text, p_lease_secs double precision)
RETURNS TABLE (outcome text, attempts_before jsonb, row_request jsonb, batch_state text, batch_author text, batch_author_name text,
  row_answer jsonb, row_answer_bytes bytea)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  found_row record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('batch:' || p_batch_id));
  SELECT b.state AS b_state, b.concurrency, b.author AS b_author, b.author_name AS b_author_name,
         r.state AS r_state, r.job_id AS r_job_id, r.request AS r_request, r.attempts AS r_attempts,
         r.answer AS r_answer, r.answer_bytes AS r_answer_bytes,
         (SELECT count(*) FROM batch_rows s
           WHERE s.batch_id = b.id AND s.state = 'sending' AND s.lease_until > now() AND s.answer IS NULL) AS sending
    INTO found_row
    FROM batch_rows r JOIN batches b ON b.id = r.batch_id
    WHERE r.batch_id = p_batch_id AND r.position = p_position
    FOR UPDATE OF r;
  IF NOT FOUND OR found_row.r_job_id IS DISTINCT FROM p_job_id OR found_row.r_state NOT IN ('waiting', 'sending') THEN
    RETURN QUERY SELECT 'skip'::text, NULL::jsonb, NULL::jsonb, NULL::text, NULL::text, NULL::text, NULL::jsonb, NULL::bytea;
    RETURN;
  END IF;
  IF found_row.b_state NOT IN ('queued', 'running') THEN
    -- Paused: the row waits for a job of its own when the batch resumes. Cancelled rows were marked then.
    UPDATE batch_rows SET job_id = NULL, state = CASE WHEN state = 'sending' THEN 'waiting' ELSE state END
      WHERE batch_id = p_batch_id AND position = p_position;
    RETURN QUERY SELECT 'later'::text, NULL::jsonb, NULL::jsonb, NULL::text, NULL::text, NULL::text, NULL::jsonb, NULL::bytea;
    RETURN;
  END IF;
  IF found_row.r_answer IS NOT NULL THEN
    UPDATE batch_rows SET state = 'sending', lease_until = now() + make_interval(secs => p_lease_secs)
      WHERE batch_id = p_batch_id AND position = p_position;
    RETURN QUERY SELECT 'record'::text, found_row.r_attempts, found_row.r_request, found_row.b_state, found_row.b_author,
      found_row.b_author_name, found_row.r_answer, found_row.r_answer_bytes;
    RETURN;
  END IF;
  IF found_row.sending >= found_row.concurrency THEN
    UPDATE batch_rows SET job_id = NULL WHERE batch_id = p_batch_id AND position = p_position;
    RETURN QUERY SELECT 'later'::text, NULL::jsonb, NULL::jsonb, NULL::text, NULL::text, NULL::text, NULL::jsonb, NULL::bytea;
    RETURN;
  END IF;
  -- A job delivered again while its row is still "sending" marks the earlier attempt's outcome unknown.
  UPDATE batch_rows SET state = 'sending', lease_until = now() + make_interval(secs => p_lease_secs),
      attempts = batch_pending_as_unknown(attempts)
        || jsonb_build_array(jsonb_build_object('at', (extract(epoch FROM now()) * 1000)::bigint, 'outcome', 'pending'))
    WHERE batch_id = p_batch_id AND position = p_position;
  IF found_row.b_state = 'queued' THEN
    UPDATE batches SET state = 'running', started_at = coalesce(started_at, now()) WHERE id = p_batch_id AND state = 'queued';
  END IF;
  RETURN QUERY SELECT 'send'::text, found_row.r_attempts, found_row.r_request, found_row.b_state, found_row.b_author,
    found_row.b_author_name, NULL::jsonb, NULL::bytea;
END
$$;
