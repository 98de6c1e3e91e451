CREATE TABLE "report" (
	"seq_report" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_seq_report_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"parameters" jsonb NOT NULL,
	"position" smallint,
	"mode" smallint,
	"chief_complaint" text NOT NULL,
	"expert_opinion" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_relation" ON "report" USING btree ("seq_medical_relation","created_at");