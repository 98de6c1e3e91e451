CREATE TABLE "monitoring_consent" (
	"seq_monitoring_consent" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitoring_consent_seq_monitoring_consent_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"given_on" date NOT NULL,
	"method" text NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"withdrawn_on" date,
	"withdrawn_by" integer,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "monitoring_consent" ADD CONSTRAINT "monitoring_consent_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_consent" ADD CONSTRAINT "monitoring_consent_recorded_by_manager_seq_manager_fk" FOREIGN KEY ("recorded_by") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_consent" ADD CONSTRAINT "monitoring_consent_withdrawn_by_manager_seq_manager_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_consent_in_force" ON "monitoring_consent" USING btree ("seq_medical_relation") WHERE "monitoring_consent"."withdrawn_on" is null;--> statement-breakpoint
CREATE INDEX "monitoring_consent_relation" ON "monitoring_consent" USING btree ("seq_medical_relation","given_on");