CREATE TABLE "call_guest" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq_schedule" integer NOT NULL,
	"invited_by" integer NOT NULL,
	"link_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"name" text,
	"role" text,
	"token_hash" text,
	"waiting_since" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"knocked_at" timestamp with time zone,
	"admitted_meeting_id" uuid,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_event" ALTER COLUMN "seq_user" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_attendee" ALTER COLUMN "seq_user" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "meeting_attendee" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "call_guest" ADD CONSTRAINT "call_guest_seq_schedule_schedule_seq_schedule_fk" FOREIGN KEY ("seq_schedule") REFERENCES "schedule"("seq_schedule") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_guest" ADD CONSTRAINT "call_guest_invited_by_app_user_seq_user_fk" FOREIGN KEY ("invited_by") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_guest" ADD CONSTRAINT "call_guest_admitted_meeting_id_meeting_id_fk" FOREIGN KEY ("admitted_meeting_id") REFERENCES "meeting"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_guest_link" ON "call_guest" USING btree ("link_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "call_guest_token" ON "call_guest" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "call_guest_schedule" ON "call_guest" USING btree ("seq_schedule");--> statement-breakpoint
ALTER TABLE "meeting_attendee" ADD CONSTRAINT "meeting_attendee_guest_id_call_guest_id_fk" FOREIGN KEY ("guest_id") REFERENCES "call_guest"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendee" ADD CONSTRAINT "meeting_attendee_who" CHECK (("meeting_attendee"."role" = 'guest') = ("meeting_attendee"."guest_id" is not null and "meeting_attendee"."seq_user" is null));--> statement-breakpoint
-- The columns added for guests join a row's hash only when set, so the rows before them keep theirs.
CREATE OR REPLACE FUNCTION audit_event_hash(previous text, entry audit_event) RETURNS text
  LANGUAGE sql STABLE SET timezone = 'UTC' SET search_path = pg_catalog, pg_temp
  AS $$ SELECT encode(sha256(convert_to(coalesce(previous, '') || ((to_jsonb(entry) - 'hash')
    - array_remove(ARRAY[CASE WHEN entry.guest_name IS NULL THEN 'guest_name' END,
        CASE WHEN entry.reason IS NULL THEN 'reason' END], NULL))::text, 'UTF8')), 'hex') $$;
