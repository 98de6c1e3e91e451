CREATE TABLE "exercise" (
	"seq_exercise" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exercise_seq_exercise_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"device_type" smallint NOT NULL,
	"mode" smallint NOT NULL,
	"position" smallint NOT NULL,
	"direction" smallint NOT NULL,
	"method" smallint,
	"strength" smallint NOT NULL,
	"frequency" smallint NOT NULL,
	"count_per_set" smallint,
	"time_per_set_minutes" smallint,
	"sets" smallint NOT NULL,
	"due_date" date NOT NULL,
	"min_rom" smallint NOT NULL,
	"max_rom" smallint NOT NULL,
	"speed" smallint,
	"assistance" smallint,
	"resistance_sensitivity" smallint,
	"device_height" smallint,
	"up_delay" smallint,
	"down_delay" smallint,
	"up_limit" smallint,
	"down_limit" smallint,
	"memo" text,
	"guide_seconds" integer NOT NULL,
	"guide_event" text NOT NULL,
	"exercise_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exercise" ADD CONSTRAINT "exercise_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise" ADD CONSTRAINT "exercise_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_manager_device" ON "exercise" USING btree ("seq_manager","device_type","created_at");--> statement-breakpoint
CREATE INDEX "exercise_relation" ON "exercise" USING btree ("seq_medical_relation","created_at");