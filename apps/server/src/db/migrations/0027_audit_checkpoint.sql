CREATE TABLE "audit_checkpoint" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_checkpoint_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"rows" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"head" text NOT NULL,
	"signature" text NOT NULL
);
--> statement-breakpoint
-- The audit functions resolve names in the system catalog only, and in the session's temporary
-- schema last: a temporary table named audit_event cannot stand in for the trail. The chain
-- names its table and hash function with their schema (the one migrated into).
ALTER FUNCTION audit_event_hash(text, audit_event) SET search_path = pg_catalog, pg_temp;
--> statement-breakpoint
ALTER FUNCTION audit_event_chain_turn() SET search_path = pg_catalog, pg_temp;
--> statement-breakpoint
ALTER FUNCTION audit_event_append_only() SET search_path = pg_catalog, pg_temp;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format($chain$
    CREATE OR REPLACE FUNCTION %1$I.audit_event_chain() RETURNS trigger LANGUAGE plpgsql
      SET search_path = pg_catalog, pg_temp
      AS $body$
    BEGIN
      NEW.hash := %1$I.audit_event_hash((SELECT hash FROM %1$I.audit_event ORDER BY id DESC LIMIT 1), NEW);
      RETURN NEW;
    END $body$
  $chain$, current_schema());
END $$;
