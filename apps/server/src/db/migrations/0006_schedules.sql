CREATE TABLE "reservable_window" (
	"seq_manager" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule" (
	"seq_schedule" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_seq_schedule_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"seq_patient" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"expect_start_at" timestamp with time zone NOT NULL,
	"expect_end_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"progress_seconds" integer,
	"note" text,
	"is_note_important" boolean DEFAULT false NOT NULL,
	"symptoms" text,
	"booked_by" text NOT NULL,
	"announced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_photo" (
	"seq_schedule" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservable_window" ADD CONSTRAINT "reservable_window_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule" ADD CONSTRAINT "schedule_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule" ADD CONSTRAINT "schedule_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule" ADD CONSTRAINT "schedule_seq_patient_patient_seq_patient_fk" FOREIGN KEY ("seq_patient") REFERENCES "patient"("seq_patient") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_photo" ADD CONSTRAINT "schedule_photo_seq_schedule_schedule_seq_schedule_fk" FOREIGN KEY ("seq_schedule") REFERENCES "schedule"("seq_schedule") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_photo" ADD CONSTRAINT "schedule_photo_upload_id_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "upload"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservable_window_start" ON "reservable_window" USING btree ("seq_manager","day_of_week","start_minute");--> statement-breakpoint
CREATE INDEX "schedule_manager_start" ON "schedule" USING btree ("seq_manager","expect_start_at");--> statement-breakpoint
CREATE INDEX "schedule_patient_start" ON "schedule" USING btree ("seq_patient","expect_start_at");--> statement-breakpoint
CREATE INDEX "schedule_relation" ON "schedule" USING btree ("seq_medical_relation");--> statement-breakpoint
CREATE INDEX "schedule_waiting_start" ON "schedule" USING btree ("expect_start_at") WHERE "schedule"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_photo_order" ON "schedule_photo" USING btree ("seq_schedule","position");--> statement-breakpoint
CREATE INDEX "schedule_photo_upload" ON "schedule_photo" USING btree ("upload_id");