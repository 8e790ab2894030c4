-- Events to other systems: an outbox written by the same transaction as the change it reports.
--
-- Every insert of an add-on, and every update that changes a field of the resource (anything but
-- update_time, and the internal cancel_origin), writes one row to `events` from a trigger, so no
-- path that changes an add-on (a webhook, a replay of late events, :cancel, :undo-cancel, a batched
-- write, a claim that creates rows) can commit without its event, and a change that rolls back
-- takes its event with it. The same trigger gives each enabled destination of the organization
-- whose types include the event a pending delivery.
--
-- `sequence` is per organization, strictly increasing in commit order and without gaps: it is
-- assigned by a deferred trigger, at commit, under the row lock of the organization's counter, so
-- a transaction that commits later takes a higher number, and one that rolls back takes none.

CREATE TABLE IF NOT EXISTS event_destinations (
  organization_id       TEXT        NOT NULL,
  id                    TEXT        NOT NULL,
  url                   TEXT        NOT NULL,
  event_types           JSONB       NOT NULL,
  description           TEXT        NOT NULL,
  disabled              BOOLEAN     NOT NULL,
  disabled_reason       TEXT,
  secret                TEXT        NOT NULL,
  previous_secret       TEXT,
  previous_secret_until TIMESTAMPTZ,
  failing_since         TIMESTAMPTZ,
  create_time           TIMESTAMPTZ NOT NULL,
  update_time           TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (organization_id, id)
);

CREATE TABLE IF NOT EXISTS event_sequences (
  organization_id TEXT   PRIMARY KEY,
  last_sequence   BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS events (
  organization_id       TEXT        NOT NULL,
  id                    TEXT        NOT NULL,
  type                  TEXT        NOT NULL,
  -- NULL until the transaction that wrote the row commits (see billing_sequence_events).
  sequence              BIGINT,
  position              BIGINT      GENERATED ALWAYS AS IDENTITY,
  tx                    BIGINT      NOT NULL DEFAULT txid_current(),
  -- When the change committed (set again at commit).
  create_time           TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  addon_subscription_id TEXT,
  event_destination_id  TEXT,
  -- The add-on row after the change, and before it (updates), as JSON with NUMERIC as text.
  resource              JSONB,
  previous              JSONB,
  PRIMARY KEY (organization_id, id)
);
CREATE INDEX IF NOT EXISTS events_unsequenced ON events (tx) WHERE sequence IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS events_by_sequence ON events (organization_id, sequence);
CREATE INDEX IF NOT EXISTS events_by_type ON events (organization_id, type, sequence);
CREATE INDEX IF NOT EXISTS events_by_addon ON events (organization_id, addon_subscription_id, sequence);
CREATE INDEX IF NOT EXISTS events_by_time ON events (create_time);

CREATE TABLE IF NOT EXISTS event_deliveries (
  organization_id   TEXT        NOT NULL,
  event_id          TEXT        NOT NULL,
  destination_id    TEXT        NOT NULL,
  -- pending, succeeded, failed or canceled
  status            TEXT        NOT NULL,
  -- Attempts made since the delivery was made or last resent: the place in the retry schedule.
  attempts_in_run   INTEGER     NOT NULL DEFAULT 0,
  next_attempt_time TIMESTAMPTZ,
  -- A resend asked while an attempt was in flight: one more attempt follows it.
  resend_requested  BOOLEAN     NOT NULL DEFAULT false,
  lease_owner       TEXT,
  lease_until       TIMESTAMPTZ,
  create_time       TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (organization_id, event_id, destination_id)
);
CREATE INDEX IF NOT EXISTS event_deliveries_due ON event_deliveries (destination_id, next_attempt_time)
  WHERE status = 'pending';

CREATE TABLE IF NOT EXISTS event_delivery_attempts (
  id              BIGINT      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id TEXT        NOT NULL,
  event_id        TEXT        NOT NULL,
  destination_id  TEXT        NOT NULL,
  attempt_time    TIMESTAMPTZ NOT NULL,
  http_status     INTEGER,
  error           TEXT,
  duration_ms     INTEGER     NOT NULL,
  response        TEXT        NOT NULL
);
CREATE INDEX IF NOT EXISTS event_delivery_attempts_of ON event_delivery_attempts (organization_id, event_id, destination_id, id);

CREATE OR REPLACE FUNCTION billing_addon_event() RETURNS trigger
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  kind text;
  after_row jsonb := to_jsonb(NEW) || jsonb_build_object('unit_amount', NEW.unit_amount::text);
  before_row jsonb;
  new_event_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    kind := 'addon_subscription.created';
  ELSE
    before_row := to_jsonb(OLD) || jsonb_build_object('unit_amount', OLD.unit_amount::text);
    IF (after_row - 'update_time' - 'cancel_origin') = (before_row - 'update_time' - 'cancel_origin') THEN
      RETURN NULL;
    END IF;
    kind := CASE WHEN NEW.addon_status = 'ADDON_STATUS_CANCELED' AND OLD.addon_status <> 'ADDON_STATUS_CANCELED'
      THEN 'addon_subscription.canceled' ELSE 'addon_subscription.updated' END;
  END IF;
  INSERT INTO events (organization_id, id, type, addon_subscription_id, resource, previous)
    VALUES (NEW.organization_id, new_event_id, kind, NEW.id, after_row, before_row);
  INSERT INTO event_deliveries (organization_id, event_id, destination_id, status, next_attempt_time, create_time)
    SELECT NEW.organization_id, new_event_id, d.id, 'pending', now(), now()
    FROM event_destinations d
    WHERE d.organization_id = NEW.organization_id AND NOT d.disabled AND d.event_types ? kind;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS addon_subscriptions_event ON addon_subscriptions;
CREATE TRIGGER addon_subscriptions_event AFTER INSERT OR UPDATE ON addon_subscriptions
  FOR EACH ROW EXECUTE FUNCTION billing_addon_event();

-- Numbers the events of the committing transaction, organization by organization in name order
-- (so two transactions take the counters' locks in one order and never deadlock), in the order
-- they were written. The first firing numbers them all; the others find nothing left.
CREATE OR REPLACE FUNCTION billing_sequence_events() RETURNS trigger
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  org text;
  how_many bigint;
  top bigint;
  current_tx bigint := txid_current();
BEGIN
  FOR org IN SELECT DISTINCT organization_id FROM events WHERE tx = current_tx AND sequence IS NULL ORDER BY 1 LOOP
    SELECT count(*) INTO how_many FROM events WHERE tx = current_tx AND sequence IS NULL AND organization_id = org;
    INSERT INTO event_sequences AS s (organization_id, last_sequence) VALUES (org, how_many)
      ON CONFLICT (organization_id) DO UPDATE SET last_sequence = s.last_sequence + EXCLUDED.last_sequence
      RETURNING s.last_sequence INTO top;
    UPDATE events e SET sequence = top - how_many + r.rn, create_time = clock_timestamp()
      FROM (SELECT id, row_number() OVER (ORDER BY position) AS rn FROM events
            WHERE tx = current_tx AND sequence IS NULL AND organization_id = org) r
      WHERE e.organization_id = org AND e.id = r.id;
  END LOOP;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS events_sequence ON events;
CREATE CONSTRAINT TRIGGER events_sequence AFTER INSERT ON events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION billing_sequence_events();
