CREATE TABLE "meeting" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq_schedule" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meeting_attendee" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"seq_user" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_event" (
	"seq_meeting_event" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_event_seq_meeting_event_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meeting_id" uuid NOT NULL,
	"seq_user" integer NOT NULL,
	"name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"attributes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_seq_schedule_schedule_seq_schedule_fk" FOREIGN KEY ("seq_schedule") REFERENCES "schedule"("seq_schedule") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendee" ADD CONSTRAINT "meeting_attendee_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendee" ADD CONSTRAINT "meeting_attendee_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_event" ADD CONSTRAINT "meeting_event_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_event" ADD CONSTRAINT "meeting_event_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_open_per_schedule" ON "meeting" USING btree ("seq_schedule") WHERE "meeting"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_manager_open" ON "meeting" USING btree ("seq_manager") WHERE "meeting"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_attendee_meeting" ON "meeting_attendee" USING btree ("meeting_id","seq_user");--> statement-breakpoint
CREATE INDEX "meeting_event_meeting" ON "meeting_event" USING btree ("meeting_id","at");