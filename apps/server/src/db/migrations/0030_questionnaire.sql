CREATE TABLE "custom_questionnaire" (
	"seq_custom_questionnaire" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_questionnaire_seq_custom_questionnaire_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_manager" integer NOT NULL,
	"fhir_id" uuid NOT NULL,
	"definition" jsonb NOT NULL,
	"questionnaire" jsonb NOT NULL,
	"scoring" jsonb NOT NULL,
	"mcid" double precision NOT NULL,
	"direction" text NOT NULL,
	"licence_confirmed_by" integer NOT NULL,
	"licence_confirmed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_questionnaire_fhir_id_unique" UNIQUE("fhir_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_request" (
	"seq_questionnaire_request" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_request_seq_questionnaire_request_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_questionnaire_schedule" integer NOT NULL,
	"seq_medical_relation" integer NOT NULL,
	"seq_schedule" integer,
	"due_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"seq_questionnaire_response" integer,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "questionnaire_response" (
	"seq_questionnaire_response" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_response_seq_questionnaire_response_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_questionnaire_request" integer NOT NULL,
	"seq_medical_relation" integer NOT NULL,
	"seq_patient" integer NOT NULL,
	"instrument_key" text,
	"seq_custom_questionnaire" integer,
	"resource" jsonb NOT NULL,
	"score" double precision,
	"score_result" jsonb NOT NULL,
	"idempotency_key" uuid,
	"entered_by" integer,
	"authored_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"supersedes" integer,
	"superseded_at" timestamp with time zone,
	"superseded_by" integer,
	"supersede_reason" text,
	CONSTRAINT "questionnaire_response_one_instrument" CHECK (("questionnaire_response"."instrument_key" is null) <> ("questionnaire_response"."seq_custom_questionnaire" is null))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_schedule" (
	"seq_questionnaire_schedule" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_schedule_seq_questionnaire_schedule_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"instrument_key" text,
	"seq_custom_questionnaire" integer,
	"questionnaire" text NOT NULL,
	"cadence" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "questionnaire_schedule_one_instrument" CHECK (("questionnaire_schedule"."instrument_key" is null) <> ("questionnaire_schedule"."seq_custom_questionnaire" is null))
);
--> statement-breakpoint
ALTER TABLE "custom_questionnaire" ADD CONSTRAINT "custom_questionnaire_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_questionnaire" ADD CONSTRAINT "custom_questionnaire_licence_confirmed_by_manager_seq_manager_fk" FOREIGN KEY ("licence_confirmed_by") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_request" ADD CONSTRAINT "questionnaire_request_seq_questionnaire_schedule_questionnaire_schedule_seq_questionnaire_schedule_fk" FOREIGN KEY ("seq_questionnaire_schedule") REFERENCES "questionnaire_schedule"("seq_questionnaire_schedule") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_request" ADD CONSTRAINT "questionnaire_request_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_request" ADD CONSTRAINT "questionnaire_request_seq_schedule_schedule_seq_schedule_fk" FOREIGN KEY ("seq_schedule") REFERENCES "schedule"("seq_schedule") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_request" ADD CONSTRAINT "questionnaire_request_seq_questionnaire_response_questionnaire_response_seq_questionnaire_response_fk" FOREIGN KEY ("seq_questionnaire_response") REFERENCES "questionnaire_response"("seq_questionnaire_response") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_seq_questionnaire_request_questionnaire_request_seq_questionnaire_request_fk" FOREIGN KEY ("seq_questionnaire_request") REFERENCES "questionnaire_request"("seq_questionnaire_request") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_seq_patient_patient_seq_patient_fk" FOREIGN KEY ("seq_patient") REFERENCES "patient"("seq_patient") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_seq_custom_questionnaire_custom_questionnaire_seq_custom_questionnaire_fk" FOREIGN KEY ("seq_custom_questionnaire") REFERENCES "custom_questionnaire"("seq_custom_questionnaire") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_entered_by_manager_seq_manager_fk" FOREIGN KEY ("entered_by") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_supersedes_questionnaire_response_seq_questionnaire_response_fk" FOREIGN KEY ("supersedes") REFERENCES "questionnaire_response"("seq_questionnaire_response") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_superseded_by_manager_seq_manager_fk" FOREIGN KEY ("superseded_by") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_schedule" ADD CONSTRAINT "questionnaire_schedule_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_schedule" ADD CONSTRAINT "questionnaire_schedule_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_schedule" ADD CONSTRAINT "questionnaire_schedule_seq_custom_questionnaire_custom_questionnaire_seq_custom_questionnaire_fk" FOREIGN KEY ("seq_custom_questionnaire") REFERENCES "custom_questionnaire"("seq_custom_questionnaire") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_schedule" ADD CONSTRAINT "questionnaire_schedule_cancelled_by_manager_seq_manager_fk" FOREIGN KEY ("cancelled_by") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_questionnaire_manager" ON "custom_questionnaire" USING btree ("seq_manager");--> statement-breakpoint
CREATE INDEX "questionnaire_request_relation" ON "questionnaire_request" USING btree ("seq_medical_relation","due_at");--> statement-breakpoint
CREATE INDEX "questionnaire_request_schedule" ON "questionnaire_request" USING btree ("seq_questionnaire_schedule");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_request_visit" ON "questionnaire_request" USING btree ("seq_questionnaire_schedule","seq_schedule") WHERE "questionnaire_request"."seq_schedule" is not null;--> statement-breakpoint
CREATE INDEX "questionnaire_request_open" ON "questionnaire_request" USING btree ("due_at") WHERE "questionnaire_request"."seq_questionnaire_response" is null and "questionnaire_request"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_response_idempotency" ON "questionnaire_response" USING btree ("seq_patient","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_response_request" ON "questionnaire_response" USING btree ("seq_questionnaire_request") WHERE "questionnaire_response"."entered_by" is null;--> statement-breakpoint
CREATE INDEX "questionnaire_response_relation" ON "questionnaire_response" USING btree ("seq_medical_relation","authored_at");--> statement-breakpoint
CREATE INDEX "questionnaire_schedule_relation" ON "questionnaire_schedule" USING btree ("seq_medical_relation","created_at");
