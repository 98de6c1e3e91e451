ALTER TABLE "audit_event" ADD COLUMN "hash" text;--> statement-breakpoint
-- A row's hash: sha256 over the previous row's hash and the row itself as jsonb, whose text is
-- canonical (keys sorted; instants in UTC whatever the session's time zone), so a column added
-- later is covered too. The verify command recomputes it with this same function.
CREATE FUNCTION audit_event_hash(previous text, entry audit_event) RETURNS text
  LANGUAGE sql STABLE SET timezone = 'UTC'
  AS $$ SELECT encode(sha256(convert_to(coalesce(previous, '') || (to_jsonb(entry) - 'hash')::text, 'UTF8')), 'hex') $$;
--> statement-breakpoint
-- Inserting transactions take turns from before their rows get their ids until they commit, so
-- id order is chain order and each row chains to the last committed one. That holds only where a
-- statement sees what committed before it started (read committed, every transaction of the app).
CREATE FUNCTION audit_event_chain_turn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_event rows are inserted under read committed only';
  END IF;
  PERFORM pg_advisory_xact_lock(7240514);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_event_chain_turn
  BEFORE INSERT ON audit_event
  FOR EACH STATEMENT EXECUTE FUNCTION audit_event_chain_turn();
--> statement-breakpoint
-- A row trigger sees the rows its statement inserted before this one.
CREATE FUNCTION audit_event_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.hash := audit_event_hash((SELECT hash FROM audit_event ORDER BY id DESC LIMIT 1), NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_event_chain
  BEFORE INSERT ON audit_event
  FOR EACH ROW EXECUTE FUNCTION audit_event_chain();
--> statement-breakpoint
-- The rows written before the chain join it, in id order.
ALTER TABLE audit_event DISABLE TRIGGER audit_event_no_update_or_delete;
--> statement-breakpoint
DO $$
DECLARE
  previous text;
  entry audit_event;
BEGIN
  FOR entry IN SELECT * FROM audit_event ORDER BY id LOOP
    previous := audit_event_hash(previous, entry);
    UPDATE audit_event SET hash = previous WHERE id = entry.id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE audit_event ENABLE TRIGGER audit_event_no_update_or_delete;
