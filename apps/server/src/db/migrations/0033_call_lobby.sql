CREATE TABLE "call_lobby" (
	"seq_schedule" integer PRIMARY KEY NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"knocked_at" timestamp with time zone NOT NULL,
	"admitted_meeting_id" uuid
);
--> statement-breakpoint
ALTER TABLE "call_lobby" ADD CONSTRAINT "call_lobby_seq_schedule_schedule_seq_schedule_fk" FOREIGN KEY ("seq_schedule") REFERENCES "schedule"("seq_schedule") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_lobby" ADD CONSTRAINT "call_lobby_admitted_meeting_id_meeting_id_fk" FOREIGN KEY ("admitted_meeting_id") REFERENCES "meeting"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_lobby_seen" ON "call_lobby" USING btree ("seen_at");