CREATE TABLE "exercise_record" (
	"seq_exercise_record" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_record_seq_exercise_record_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seq_patient" integer NOT NULL,
	"record_key" text NOT NULL,
	"seq_exercise" integer NOT NULL,
	"seq_medical_relation" integer NOT NULL,
	"usage_mode" smallint NOT NULL,
	"usage_count" integer NOT NULL,
	"min_angle" real NOT NULL,
	"max_angle" real NOT NULL,
	"min_speed" real NOT NULL,
	"max_speed" real NOT NULL,
	"min_torque" real,
	"max_torque" real,
	"duration_seconds" integer NOT NULL,
	"guide_mode" smallint NOT NULL,
	"guide_min_rom" smallint NOT NULL,
	"guide_max_rom" smallint NOT NULL,
	"guide_extension" smallint,
	"guide_flexion" smallint,
	"guide_speed" smallint,
	"guide_count" smallint,
	"guide_seconds" integer,
	"guide_direction" smallint NOT NULL,
	"guide_position" smallint NOT NULL,
	"usage_start_at" timestamp with time zone NOT NULL,
	"device_created_at" timestamp with time zone NOT NULL,
	"patient_review" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_record" ADD CONSTRAINT "exercise_record_seq_patient_patient_seq_patient_fk" FOREIGN KEY ("seq_patient") REFERENCES "patient"("seq_patient") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_record" ADD CONSTRAINT "exercise_record_seq_exercise_exercise_seq_exercise_fk" FOREIGN KEY ("seq_exercise") REFERENCES "exercise"("seq_exercise") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_record" ADD CONSTRAINT "exercise_record_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_record_key" ON "exercise_record" USING btree ("seq_patient","record_key");--> statement-breakpoint
CREATE INDEX "exercise_record_relation_time" ON "exercise_record" USING btree ("seq_medical_relation","usage_start_at");--> statement-breakpoint
CREATE INDEX "exercise_record_exercise" ON "exercise_record" USING btree ("seq_exercise","usage_start_at");