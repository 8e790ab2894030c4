-- Webhook ingest: one round trip to claim a whole group of deliveries.
--
-- billing_claim_events: claims the events of a group of deliveries in one call. `claims` is a
-- JSON array of {"event": <row>, "lock_key": text, "with_pending": boolean, "creates": <json> |
-- absent}, the arguments billing_claim_event takes for one delivery. Each element is claimed by
-- billing_claim_event itself, one after the other in the order given, so each delivery's claim
-- is exactly the one it would make alone: its event row inserted (an id already stored, or
-- claimed by an earlier element of the same array, answers NULL: a duplicate), then its
-- subscription's key lock, then the reads in statements of their own, then a new subscription's
-- rows. Subscription locks are therefore taken in the order of the array; the caller sorts it
-- (organization, provider, subscription, event id) as every other path does, so that two
-- processes never wait for each other's locks in opposite orders. One row per element: `ord`
-- its position (from 1), `claim` what billing_claim_event answers for it.
-- Any error (a value a column cannot hold, a deadlock) fails the whole call; the caller then
-- claims the deliveries one by one, each in its own savepoint, so only the bad one fails.

CREATE OR REPLACE FUNCTION billing_claim_events(claims jsonb)
RETURNS TABLE (ord integer, claim jsonb)
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  item jsonb;
  n bigint;
BEGIN
  FOR item, n IN
    SELECT e.value, e.k FROM jsonb_array_elements(claims) WITH ORDINALITY AS e(value, k) ORDER BY e.k
  LOOP
    ord := n;
    claim := billing_claim_event(item->'event', item->>'lock_key', (item->>'with_pending')::boolean,
      NULLIF(item->'creates', 'null'::jsonb));
    RETURN NEXT;
  END LOOP;
END
$$;
