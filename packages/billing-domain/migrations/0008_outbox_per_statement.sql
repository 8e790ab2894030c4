-- Events to other systems, written per statement: a write of many add-ons in one statement (a
-- group of webhook deliveries claimed together, a batched flush) writes all their events, and
-- their pending deliveries, with one statement, instead of one trigger run per row.
--
-- The rules are those of migration 0006: every insert of an add-on makes addon_subscription.created;
-- every update that changes a field of the resource (anything but update_time and the internal
-- cancel_origin) makes addon_subscription.canceled when it ends the add-on, else
-- addon_subscription.updated, with the row before and after (NUMERIC as text); each enabled
-- destination of the organization whose types include the event gets a pending delivery. The
-- numbering at commit (billing_sequence_events) is unchanged.
-- An INSERT and an UPDATE trigger each, since a trigger with transition tables fires on one kind of
-- statement.

DROP TRIGGER IF EXISTS addon_subscriptions_event ON addon_subscriptions;

CREATE OR REPLACE FUNCTION billing_addon_events_inserted() RETURNS trigger
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  WITH written AS (
    INSERT INTO events (organization_id, id, type, addon_subscription_id, resource, previous)
    SELECT n.organization_id, 'evt_' || replace(gen_random_uuid()::text, '-', ''), 'addon_subscription.created', n.id,
      to_jsonb(n) || jsonb_build_object('unit_amount', n.unit_amount::text), NULL
    FROM new_rows n
    RETURNING organization_id, id, type
  )
  INSERT INTO event_deliveries (organization_id, event_id, destination_id, status, next_attempt_time, create_time)
  SELECT w.organization_id, w.id, d.id, 'pending', now(), now()
  FROM written w JOIN event_destinations d
    ON d.organization_id = w.organization_id AND NOT d.disabled AND d.event_types ? w.type;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION billing_addon_events_updated() RETURNS trigger
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  WITH changed AS (
    SELECT n.organization_id, n.id,
      CASE WHEN n.addon_status = 'ADDON_STATUS_CANCELED' AND o.addon_status <> 'ADDON_STATUS_CANCELED'
        THEN 'addon_subscription.canceled' ELSE 'addon_subscription.updated' END AS type,
      to_jsonb(n) || jsonb_build_object('unit_amount', n.unit_amount::text) AS after_row,
      to_jsonb(o) || jsonb_build_object('unit_amount', o.unit_amount::text) AS before_row
    FROM new_rows n JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
  ), written AS (
    INSERT INTO events (organization_id, id, type, addon_subscription_id, resource, previous)
    SELECT c.organization_id, 'evt_' || replace(gen_random_uuid()::text, '-', ''), c.type, c.id, c.after_row, c.before_row
    FROM changed c
    WHERE (c.after_row - 'update_time' - 'cancel_origin') <> (c.before_row - 'update_time' - 'cancel_origin')
    RETURNING organization_id, id, type
  )
  INSERT INTO event_deliveries (organization_id, event_id, destination_id, status, next_attempt_time, create_time)
  SELECT w.organization_id, w.id, d.id, 'pending', now(), now()
  FROM written w JOIN event_destinations d
    ON d.organization_id = w.organization_id AND NOT d.disabled AND d.event_types ? w.type;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS addon_subscriptions_events_inserted ON addon_subscriptions;
CREATE TRIGGER addon_subscriptions_events_inserted AFTER INSERT ON addon_subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_addon_events_inserted();
DROP TRIGGER IF EXISTS addon_subscriptions_events_updated ON addon_subscriptions;
CREATE TRIGGER addon_subscriptions_events_updated AFTER UPDATE ON addon_subscriptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_addon_events_updated();
DROP FUNCTION IF EXISTS billing_addon_event();
