-- Webhook ingest: a group of deliveries claimed by a fixed number of statements, whatever its size.
--
-- billing_claim_group(events, lock_keys, creates) claims the events of a group (or of one delivery
-- alone) as if one after another in the order given (each subscription's events in arrival order).
-- Whatever that order, it inserts the event rows in event-key order and takes the subscription locks
-- in key order ("C" collation), the same in every process, so two processes' groups never wait for
-- each other in a circle: all inserts come before all locks, and each kind in one total order.
--   events:    JSON array of event rows (webhook_events columns, organization_id included);
--   lock_keys: the subscription key of each event (the text its advisory lock is keyed by);
--   creates:   JSON array, per event, {"subscription": <row>, "addons": [<row>...]} or null: what the
--              event creates when its subscription is not known.
-- The steps, each one statement for the whole group:
--   1. the event rows, one multi-row INSERT; an id already stored, or repeated earlier in the array,
--      inserts nothing (the event is a duplicate);
--   2. the advisory lock of each subscription of a fresh event that is not `ignored`, in key order
--      (a loop of simple calls);
--   3. read after the locks, so each read sees what the locks' previous holders committed: the known
--      subscriptions and their add-ons, locked FOR UPDATE;
--   4. for a subscription not known, its first fresh event that carries `creates` creates it: the
--      events waiting for it (pending, except the fresh events of the array after the creating one,
--      which the caller applies after it), then its rows in one INSERT per table, and the creating
--      events marked applied.
-- It answers rows (ord: the event's position, from 1; kind; body: a row as JSON; amount: an
-- add-on's unit_amount as exact text, since JSON would print the NUMERIC as a binary float):
--   'fresh' for each event inserted; 'subscription' and 'addon' rows at the first fresh event of a
--   known subscription; 'created' at a creating event, with its 'pending' rows oldest first
--   (occurred_at, received_at, event_id). An event of a subscription that an earlier event of the
--   array found or created gets no read: the caller carries that state on in memory.

DROP FUNCTION IF EXISTS billing_claim_events(jsonb);
DROP FUNCTION IF EXISTS billing_claim_event(jsonb, text, boolean, jsonb);

CREATE OR REPLACE FUNCTION billing_claim_group(events jsonb, lock_keys text[], creates jsonb)
RETURNS TABLE (ord integer, kind text, body json, amount text)
LANGUAGE plpgsql VOLATILE
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
    FROM subjects j JOIN subscriptions t
      ON t.organization_id = j.e->>'organization_id' AND t.provider = j.e->>'provider'
        AND t.external_id = j.e->>'subscription_external_id'
    ORDER BY j.first
    FOR UPDATE OF t
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
      JOIN addon_subscriptions a ON a.organization_id = p.org AND a.subscription_id = p.id
    ORDER BY p.first, a.create_time, a.id
    FOR UPDATE OF a;

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
      JOIN webhook_events w
        ON w.organization_id = ce.e->>'organization_id' AND w.provider = ce.e->>'provider'
          AND w.subscription_external_id = ce.e->>'subscription_external_id' AND w.status = 'pending'
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
