-- Webhook ingest: the group claim's reads go by the right index whatever the tables held when a
-- connection first ran it.
--
-- billing_claim_group (migration 0007) read the known subscriptions, their add-ons and the events
-- waiting for a new subscription with joins between the group's arrays and the tables. PL/pgSQL
-- keeps one generic plan per statement of a function for the life of a connection once it has run a
-- few times, planned with the table sizes of that moment: on a new or young database that plan read
-- the whole `subscriptions` table (or, by a prefix of the primary key, every subscription of the
-- organization) for every group, so a claim cost more the more subscriptions were stored, until
-- statistics changed and the plan was made again. Now the function plans its statements for each
-- call (plan_cache_mode = force_custom_plan: a few planner runs per group, the same whatever the
-- table sizes), and each read is a lateral subquery per subscription of the group, which the
-- planner cannot turn into a join over the whole table (FOR UPDATE, OFFSET 0): an index scan of the
-- subscription's own rows. The function's arguments, answers and steps are those of migration 0007.

CREATE OR REPLACE FUNCTION billing_claim_group(events jsonb, lock_keys text[], creates jsonb)
RETURNS TABLE (ord integer, kind text, body json, amount text)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  fresh integer[];
  lock_key text;
  found_keys text[] := '{}';
  found_orgs text[] := '{}';
  found_ids text[] := '{}';
  found_ords integer[] := '{}';
  creators integer[];
  s record;
BEGIN
  WITH given AS (
    SELECT r.*, x.k::integer AS k
    FROM jsonb_array_elements(events) WITH ORDINALITY AS x(value, k),
      LATERAL jsonb_populate_record(NULL::webhook_events, x.value) AS r
  ), firsts AS (
    SELECT DISTINCT ON (g.organization_id, g.provider, g.event_id) g.*
    FROM given g ORDER BY g.organization_id, g.provider, g.event_id, g.k
  ), inserted AS (
    INSERT INTO webhook_events (organization_id, provider, event_id, event_type, occurred_at,
      subscription_external_id, payload, status, received_at)
    SELECT f.organization_id, f.provider, f.event_id, f.event_type, f.occurred_at,
      f.subscription_external_id, f.payload, f.status, f.received_at
    FROM firsts f ORDER BY f.organization_id COLLATE "C", f.provider COLLATE "C", f.event_id COLLATE "C"
    ON CONFLICT (organization_id, provider, event_id) DO NOTHING
    RETURNING webhook_events.organization_id, webhook_events.provider, webhook_events.event_id
  )
  SELECT COALESCE(array_agg(f.k ORDER BY f.k), '{}') INTO fresh
  FROM firsts f JOIN inserted i
    ON i.organization_id = f.organization_id AND i.provider = f.provider AND i.event_id = f.event_id;

  RETURN QUERY SELECT f.k, 'fresh'::text, NULL::json, NULL::text FROM unnest(fresh) AS f(k);

  FOR lock_key IN
    SELECT l.key FROM unnest(lock_keys) WITH ORDINALITY AS l(key, k)
    WHERE l.k = ANY(fresh) AND events->(l.k::integer - 1)->>'status' <> 'ignored'
    GROUP BY l.key ORDER BY l.key COLLATE "C"
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(lock_key, 0));
  END LOOP;

  FOR s IN
    WITH subjects AS (
      SELECT l.key, min(l.k)::integer AS first, events->(min(l.k)::integer - 1) AS e
      FROM unnest(lock_keys) WITH ORDINALITY AS l(key, k)
      WHERE l.k = ANY(fresh) AND events->(l.k::integer - 1)->>'status' <> 'ignored'
      GROUP BY l.key
    )
    SELECT j.key, j.first, row_to_json(t) AS js, t.organization_id, t.id
    FROM subjects j CROSS JOIN LATERAL (
      SELECT * FROM subscriptions x
      WHERE x.organization_id = j.e->>'organization_id' AND x.provider = j.e->>'provider'
        AND x.external_id = j.e->>'subscription_external_id'
      FOR UPDATE
    ) t
    ORDER BY j.first
  LOOP
    ord := s.first; kind := 'subscription'; body := s.js; amount := NULL;
    RETURN NEXT;
    found_keys := found_keys || s.key;
    found_orgs := found_orgs || s.organization_id;
    found_ids := found_ids || s.id;
    found_ords := found_ords || s.first;
  END LOOP;

  RETURN QUERY
    SELECT p.first, 'addon'::text, row_to_json(a), a.unit_amount::text
    FROM unnest(found_orgs, found_ids, found_ords) AS p(org, id, first)
      CROSS JOIN LATERAL (
        SELECT * FROM addon_subscriptions x WHERE x.organization_id = p.org AND x.subscription_id = p.id
        FOR UPDATE
      ) a
    ORDER BY p.first, a.create_time, a.id;

  SELECT COALESCE(array_agg(c.first ORDER BY c.first), '{}') INTO creators FROM (
    SELECT min(l.k)::integer AS first FROM unnest(lock_keys) WITH ORDINALITY AS l(key, k)
    WHERE l.k = ANY(fresh) AND NOT (l.key = ANY(found_keys)) AND jsonb_typeof(creates->(l.k::integer - 1)) = 'object'
    GROUP BY l.key
  ) c;
  IF cardinality(creators) = 0 THEN
    RETURN;
  END IF;

  RETURN QUERY SELECT c.k, 'created'::text, NULL::json, NULL::text FROM unnest(creators) AS c(k);

  RETURN QUERY
    SELECT c.k, 'pending'::text, row_to_json(w), NULL::text
    FROM unnest(creators) AS c(k)
      CROSS JOIN LATERAL (SELECT events->(c.k - 1) AS e) ce
      CROSS JOIN LATERAL (
        SELECT * FROM webhook_events x
        WHERE x.organization_id = ce.e->>'organization_id' AND x.provider = ce.e->>'provider'
          AND x.subscription_external_id = ce.e->>'subscription_external_id' AND x.status = 'pending'
        OFFSET 0
      ) w
    WHERE w.event_id <> ce.e->>'event_id'
      AND NOT EXISTS (
        SELECT 1 FROM unnest(fresh) AS later(k)
        WHERE later.k > c.k AND lock_keys[later.k] = lock_keys[c.k]
          AND events->(later.k - 1)->>'organization_id' = w.organization_id
          AND events->(later.k - 1)->>'event_id' = w.event_id
      )
    ORDER BY c.k, w.occurred_at, w.received_at, w.event_id;

  INSERT INTO subscriptions
    SELECT r.* FROM unnest(creators) AS c(k),
      LATERAL jsonb_populate_record(NULL::subscriptions, creates->(c.k - 1)->'subscription') AS r;
  INSERT INTO addon_subscriptions
    SELECT r.* FROM unnest(creators) AS c(k),
      LATERAL jsonb_populate_recordset(NULL::addon_subscriptions, creates->(c.k - 1)->'addons') AS r;
  UPDATE webhook_events w SET status = 'applied'
    FROM unnest(creators) AS c(k)
    WHERE w.organization_id = events->(c.k - 1)->>'organization_id' AND w.provider = events->(c.k - 1)->>'provider'
      AND w.event_id = events->(c.k - 1)->>'event_id';
END
$$;
