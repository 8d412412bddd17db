-- A budget reservation in one round trip (see budget-store.ts): the caps that apply (an admin's
-- override column by column, else the configured cap), then both of the author's rows for the
-- day and the month, locked in that order (the order settlements lock them in, so the two never
-- wait on each other in a circle), read again under the lock (each statement of a function sees
-- what committed before it), checked against every cap, and added to only when all of them allow.
-- Answers one row: refused NULL when granted, else the cap that refused, its limit and what the
-- period had used. Limits and use come back as float8 so both drivers read plain numbers.
CREATE FUNCTION reserve_budget(
  p_author text, p_day text, p_month text, p_images integer, p_cost_micros bigint,
  p_images_per_day bigint, p_images_per_month bigint, p_cost_micros_per_month bigint
) RETURNS TABLE (refused text, cap_limit float8, used float8)
LANGUAGE plpgsql AS $$
DECLARE
  images_per_day bigint;
  images_per_month bigint;
  cost_micros_per_month bigint;
  day_row budget_spend%ROWTYPE;
  month_row budget_spend%ROWTYPE;
BEGIN
  SELECT COALESCE(o.images_per_day::bigint, p_images_per_day),
         COALESCE(o.images_per_month::bigint, p_images_per_month),
         COALESCE(o.cost_micros_per_month, p_cost_micros_per_month)
    INTO images_per_day, images_per_month, cost_micros_per_month
    FROM (SELECT 1) AS one LEFT JOIN budget_overrides o ON o.author = p_author;
  INSERT INTO budget_spend (author, period) VALUES (p_author, p_day), (p_author, p_month) ON CONFLICT DO NOTHING;
  SELECT * INTO day_row FROM budget_spend WHERE author = p_author AND period = p_day FOR UPDATE;
  SELECT * INTO month_row FROM budget_spend WHERE author = p_author AND period = p_month FOR UPDATE;
  IF images_per_day IS NOT NULL AND day_row.images + p_images > images_per_day THEN
    RETURN QUERY SELECT 'images-per-day'::text, images_per_day::float8, day_row.images::float8;
  ELSIF images_per_month IS NOT NULL AND month_row.images + p_images > images_per_month THEN
    RETURN QUERY SELECT 'images-per-month'::text, images_per_month::float8, month_row.images::float8;
  ELSIF cost_micros_per_month IS NOT NULL AND month_row.cost_micros + p_cost_micros > cost_micros_per_month THEN
    RETURN QUERY SELECT 'cost-per-month'::text, cost_micros_per_month::float8, month_row.cost_micros::float8;
  ELSE
    UPDATE budget_spend SET images = images + p_images, cost_micros = cost_micros + p_cost_micros
      WHERE author = p_author AND period IN (p_day, p_month);
    RETURN QUERY SELECT NULL::text, NULL::float8, NULL::float8;
  END IF;
END
$$;
