CREATE TABLE "fhir_export" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq_manager" integer NOT NULL,
	"client_id" uuid,
	"request" text NOT NULL,
	"types" text[] NOT NULL,
	"since" timestamp with time zone,
	"status" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"run_id" uuid,
	"transaction_time" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fhir_export" ADD CONSTRAINT "fhir_export_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_export" ADD CONSTRAINT "fhir_export_client_id_fhir_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "fhir_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_export_status" ON "fhir_export" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fhir_export_expiry" ON "fhir_export" USING btree ("expires_at");