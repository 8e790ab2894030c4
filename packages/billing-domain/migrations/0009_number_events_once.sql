-- Events numbered once per transaction: the commit-time numbering of migration 0006 ran as a deferred
-- trigger for every event row, so a group of deliveries that wrote 64 events ran it 64 times at
-- commit (the first numbered them all, each of the others looked and found nothing left). Now the
-- statement that writes events marks its transaction once, in `events_to_number`, and the deferred
-- trigger runs on that mark: once per transaction, whatever the number of events or statements.
--
-- The numbering itself is that of migration 0006 (billing_sequence_events): at commit, organization
-- by organization in name order, under the row lock of the organization's counter, in the order the
-- events were written. A mark made in a savepoint that rolls back goes with it (and with its events);
-- the transaction's next write of events marks it again. The numbering removes the mark.

CREATE TABLE IF NOT EXISTS events_to_number (
  tx BIGINT PRIMARY KEY
);

CREATE OR REPLACE FUNCTION billing_mark_events_to_number() RETURNS trigger
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    INSERT INTO events_to_number (tx) VALUES (txid_current()) ON CONFLICT (tx) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION billing_number_marked_events() RETURNS trigger
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  org text;
  how_many bigint;
  top bigint;
BEGIN
  DELETE FROM events_to_number WHERE tx = NEW.tx;
  FOR org IN SELECT DISTINCT organization_id FROM events WHERE tx = NEW.tx AND sequence IS NULL ORDER BY 1 LOOP
    SELECT count(*) INTO how_many FROM events WHERE tx = NEW.tx AND sequence IS NULL AND organization_id = org;
    INSERT INTO event_sequences AS s (organization_id, last_sequence) VALUES (org, how_many)
      ON CONFLICT (organization_id) DO UPDATE SET last_sequence = s.last_sequence + EXCLUDED.last_sequence
      RETURNING s.last_sequence INTO top;
    UPDATE events e SET sequence = top - how_many + r.rn, create_time = clock_timestamp()
      FROM (SELECT id, row_number() OVER (ORDER BY position) AS rn FROM events
            WHERE tx = NEW.tx AND sequence IS NULL AND organization_id = org) r
      WHERE e.organization_id = org AND e.id = r.id;
  END LOOP;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS events_sequence ON events;
DROP FUNCTION IF EXISTS billing_sequence_events();

DROP TRIGGER IF EXISTS events_mark_to_number ON events;
CREATE TRIGGER events_mark_to_number AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION billing_mark_events_to_number();

DROP TRIGGER IF EXISTS events_to_number_at_commit ON events_to_number;
CREATE CONSTRAINT TRIGGER events_to_number_at_commit AFTER INSERT ON events_to_number
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION billing_number_marked_events();
