CREATE TABLE "monitoring_alert" (
	"seq_monitoring_alert" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitoring_alert_seq_monitoring_alert_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"reason" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"state" text DEFAULT 'open' NOT NULL,
	"note" text,
	"snoozed_until" timestamp with time zone,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitoring_setting" (
	"seq_manager" integer PRIMARY KEY NOT NULL,
	"no_data_days" smallint NOT NULL,
	"adherence_percent" smallint NOT NULL,
	"rom_drop_degrees" smallint NOT NULL,
	"rom_drop_percent" smallint NOT NULL,
	"pain_level" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_record" ADD COLUMN "pain_level" smallint;--> statement-breakpoint
ALTER TABLE "monitoring_alert" ADD CONSTRAINT "monitoring_alert_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alert" ADD CONSTRAINT "monitoring_alert_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_setting" ADD CONSTRAINT "monitoring_setting_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_alert_ongoing" ON "monitoring_alert" USING btree ("seq_medical_relation","kind","subject") WHERE "monitoring_alert"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "monitoring_alert_manager" ON "monitoring_alert" USING btree ("seq_manager","started_at");