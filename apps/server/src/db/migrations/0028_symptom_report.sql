CREATE TABLE "symptom_report" (
	"seq_symptom_report" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "symptom_report_seq_symptom_report_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"seq_patient" integer NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"pain_level" smallint NOT NULL,
	"symptoms" text,
	"reported_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "symptom_report" ADD CONSTRAINT "symptom_report_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symptom_report" ADD CONSTRAINT "symptom_report_seq_patient_patient_seq_patient_fk" FOREIGN KEY ("seq_patient") REFERENCES "patient"("seq_patient") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "symptom_report_idempotency" ON "symptom_report" USING btree ("seq_patient","idempotency_key");--> statement-breakpoint
CREATE INDEX "symptom_report_relation" ON "symptom_report" USING btree ("seq_medical_relation","reported_at");