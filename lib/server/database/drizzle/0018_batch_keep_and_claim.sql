-- Keeping a row's answer (migration 0016's step) becomes a function of its own, so that it can be
-- done in one call with the claim of the batch's next row: the row answered gives its place at the
-- service to the next one, and the claim, made after the keep within the call, no longer counts the
-- answered row as sending. One round trip where there were two, on the path every next send waits on.

-- True when the answer was kept: false when this job no longer holds the row.
CREATE FUNCTION keep_batch_answer(p_batch_id text, p_position integer, p_job_id text, p_status integer,
  p_answer jsonb, p_answer_bytes bytea)
RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE batch_rows SET answer = p_answer, answer_bytes = p_answer_bytes,
      attempts = (SELECT coalesce(jsonb_agg(CASE WHEN a->>'outcome' = 'pending'
                    THEN a || jsonb_build_object('outcome', 'answered', 'status', p_status) ELSE a END), '[]'::jsonb)
                  FROM jsonb_array_elements(attempts) a)
    WHERE batch_id = p_batch_id AND position = p_position AND job_id = p_job_id AND state = 'sending';
  RETURN FOUND;
END
$$;
--> statement-breakpoint

-- The answer kept (`kept`, as keep_batch_answer says), then the next row claimed (the rest of the
-- columns, as claim_batch_row answers).
CREATE FUNCTION keep_batch_answer_and_claim(p_batch_id text, p_position integer, p_job_id text, p_status integer,
  p_answer jsonb, p_answer_bytes bytea, p_next_position integer, p_next_job_id text, p_lease_secs double precision)
RETURNS TABLE (kept boolean, outcome text, attempts_before jsonb, row_request jsonb, batch_state text, batch_author text,
  batch_author_name text, row_answer jsonb, row_answer_bytes bytea)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  was_kept boolean;
BEGIN
  was_kept := keep_batch_answer(p_batch_id, p_position, p_job_id, p_status, p_answer, p_answer_bytes);
  RETURN QUERY SELECT was_kept, claimed.* FROM claim_batch_row(p_batch_id, p_next_position, p_next_job_id, p_lease_secs) claimed;
END
$$;
