CREATE TABLE "audit_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"seq_user" integer NOT NULL,
	"seq_manager" integer,
	"seq_patient" integer,
	"seq_medical_relation" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"ip" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "category" (
	"seq_category" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "category_seq_category_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_manager" integer NOT NULL,
	"category_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_note" (
	"seq_manager_note" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manager_note_seq_manager_note_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"note_title" text NOT NULL,
	"note_content" text NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "medical_relation" (
	"seq_medical_relation" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "medical_relation_seq_medical_relation_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_manager" integer NOT NULL,
	"seq_patient" integer NOT NULL,
	"patient_name" text NOT NULL,
	"patient_email" text,
	"birth_date" date NOT NULL,
	"gender" text,
	"height_cm" real NOT NULL,
	"weight_kg" real NOT NULL,
	"device_type" smallint NOT NULL,
	"image_upload_id" uuid,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient" (
	"seq_patient" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_seq_patient_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_user" integer,
	"patient_name" text NOT NULL,
	"patient_email" text,
	"birth_date" date NOT NULL,
	"gender" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_seq_user_unique" UNIQUE("seq_user")
);
--> statement-breakpoint
CREATE TABLE "patient_status" (
	"seq_patient_status" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patient_status_seq_patient_status_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"primary_diagnosis" text,
	"secondary_diagnosis" text,
	"onset_date" date,
	"onset_kind" text,
	"onset_period" text,
	"duration_months" integer,
	"brain_lesion" smallint,
	"paralysis_part" text,
	"paralysis_position" text,
	"joint" smallint,
	"infection" smallint,
	"medication" text,
	"dose" text,
	"mmt" text,
	"mrs" text,
	"chief_complaint" text,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "relation_category" (
	"seq_medical_relation" integer NOT NULL,
	"seq_category" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_auth_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"seq_patient" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq_manager" integer,
	"seq_user" integer NOT NULL,
	"folder" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "seq_patient" integer;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_note" ADD CONSTRAINT "manager_note_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_note" ADD CONSTRAINT "manager_note_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_relation" ADD CONSTRAINT "medical_relation_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_relation" ADD CONSTRAINT "medical_relation_seq_patient_patient_seq_patient_fk" FOREIGN KEY ("seq_patient") REFERENCES "patient"("seq_patient") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient" ADD CONSTRAINT "patient_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_status" ADD CONSTRAINT "patient_status_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation_category" ADD CONSTRAINT "relation_category_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relation_category" ADD CONSTRAINT "relation_category_seq_category_category_seq_category_fk" FOREIGN KEY ("seq_category") REFERENCES "category"("seq_category") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_auth_code" ADD CONSTRAINT "sync_auth_code_seq_patient_patient_seq_patient_fk" FOREIGN KEY ("seq_patient") REFERENCES "patient"("seq_patient") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_event_relation" ON "audit_event" USING btree ("seq_medical_relation","at");--> statement-breakpoint
CREATE INDEX "audit_event_user" ON "audit_event" USING btree ("seq_user","at");--> statement-breakpoint
CREATE UNIQUE INDEX "category_manager_name" ON "category" USING btree ("seq_manager","category_name");--> statement-breakpoint
CREATE INDEX "manager_note_relation" ON "manager_note" USING btree ("seq_medical_relation","is_important","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_relation_manager_patient" ON "medical_relation" USING btree ("seq_manager","seq_patient");--> statement-breakpoint
CREATE INDEX "medical_relation_manager" ON "medical_relation" USING btree ("seq_manager","is_enabled");--> statement-breakpoint
CREATE INDEX "patient_status_relation" ON "patient_status" USING btree ("seq_medical_relation","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "relation_category_pair" ON "relation_category" USING btree ("seq_medical_relation","seq_category");--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_seq_patient_patient_seq_patient_fk" FOREIGN KEY ("seq_patient") REFERENCES "patient"("seq_patient") ON DELETE no action ON UPDATE no action;