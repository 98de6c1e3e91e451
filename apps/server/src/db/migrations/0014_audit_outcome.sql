-- A refused call (someone else's or a missing id) is recorded too, as 'denied'. Adding a column
-- with a constant default rewrites no row, so the append-only triggers are not involved.
ALTER TABLE "audit_event" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;
