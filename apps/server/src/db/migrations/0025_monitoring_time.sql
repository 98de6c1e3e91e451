CREATE TABLE "monitoring_episode" (
	"seq_medical_relation" integer PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_time" (
	"seq_monitoring_time" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitoring_time_seq_monitoring_time_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"date" date NOT NULL,
	"minutes" smallint NOT NULL,
	"activity" text NOT NULL,
	"interactive" boolean NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "monitoring_episode" ADD CONSTRAINT "monitoring_episode_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_time" ADD CONSTRAINT "monitoring_time_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_time" ADD CONSTRAINT "monitoring_time_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_time_relation_date" ON "monitoring_time" USING btree ("seq_medical_relation","date");