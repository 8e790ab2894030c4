-- Webhook ingest: one round trip to claim an event, and the replay checkpoints.
--
-- billing_claim_event: claims a webhook event and reads what processing it needs, in one round
-- trip. It records the event unless it is recorded already (then NULL, nothing changed); for a
-- fresh event that is not ignored it takes the subscription's key lock and only then reads, in
-- statements of their own, so that each read sees what the lock's previous holder committed
-- (a function's statements each take a new snapshot under READ COMMITTED; one SQL statement
-- would read as of its start, before it waited for the lock). It answers
--   {"subscription": <row> | null, "addons": [<row>...], "pending": [<event row>...]}
-- with the subscription and its add-ons locked FOR UPDATE (parent first, add-ons in listing
-- order), and, when the subscription is not known and with_pending is asked, the other events
-- that wait for it, oldest first. Rows come as to_jsonb of the table's rows; NUMERIC as text,
-- so a decimal never passes through a binary float.
-- `creates` ({"subscription": <row>, "addons": [<row>...]}, or NULL) is what the event creates
-- when its subscription is not known: then the function inserts those rows, marks the event
-- applied and answers "created": true, so a new subscription costs this one round trip.

CREATE OR REPLACE FUNCTION billing_claim_event(event jsonb, lock_key text, with_pending boolean, creates jsonb)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  org text := event->>'organization_id';
  prov text := event->>'provider';
  sub_key text := event->>'subscription_external_id';
  parent jsonb;
  children jsonb;
  waiting jsonb;
  created boolean := false;
BEGIN
  INSERT INTO webhook_events SELECT * FROM jsonb_populate_record(NULL::webhook_events, event)
    ON CONFLICT (organization_id, provider, event_id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF event->>'status' = 'ignored' THEN
    RETURN jsonb_build_object('subscription', NULL, 'addons', '[]'::jsonb, 'pending', '[]'::jsonb);
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended(lock_key, 0));
  SELECT to_jsonb(s) INTO parent FROM subscriptions s
    WHERE s.organization_id = org AND s.provider = prov AND s.external_id = sub_key
    FOR UPDATE;
  IF parent IS NOT NULL THEN
    SELECT jsonb_agg(to_jsonb(a) || jsonb_build_object('unit_amount', a.unit_amount::text) ORDER BY a.create_time, a.id)
      INTO children
      FROM (SELECT * FROM addon_subscriptions
            WHERE organization_id = org AND subscription_id = parent->>'id' FOR UPDATE) a;
  ELSE
    IF with_pending THEN
      SELECT jsonb_agg(to_jsonb(w) ORDER BY w.occurred_at, w.received_at, w.event_id) INTO waiting
        FROM webhook_events w
        WHERE w.organization_id = org AND w.provider = prov AND w.subscription_external_id = sub_key
          AND w.status = 'pending' AND w.event_id <> event->>'event_id';
    END IF;
    IF creates IS NOT NULL THEN
      INSERT INTO subscriptions SELECT * FROM jsonb_populate_record(NULL::subscriptions, creates->'subscription');
      INSERT INTO addon_subscriptions SELECT * FROM jsonb_populate_recordset(NULL::addon_subscriptions, creates->'addons');
      UPDATE webhook_events SET status = 'applied'
        WHERE organization_id = org AND provider = prov AND event_id = event->>'event_id';
      created := true;
    END IF;
  END IF;
  RETURN jsonb_build_object('subscription', parent, 'addons', COALESCE(children, '[]'::jsonb),
    'pending', COALESCE(waiting, '[]'::jsonb), 'created', created);
END
$$;

-- The replay checkpoint of a subscription: the state its events fold to through folded_through
-- (every applied or stored event that occurred at or before it), as the domain's JSON. A late
-- event newer than it is refolded from it and the events after it alone; an older one from
-- nothing, as before.
CREATE TABLE IF NOT EXISTS subscription_checkpoints (
  organization_id TEXT        NOT NULL,
  subscription_id TEXT        NOT NULL,
  folded_through  TIMESTAMPTZ NOT NULL,
  state           JSONB       NOT NULL,
  PRIMARY KEY (organization_id, subscription_id),
  FOREIGN KEY (organization_id, subscription_id) REFERENCES subscriptions (organization_id, id)
);
