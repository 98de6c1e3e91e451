CREATE TABLE "fhir_access_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_assertion" (
	"client_id" uuid NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fhir_assertion_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "fhir_client" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq_manager" integer NOT NULL,
	"name" text NOT NULL,
	"jwks" jsonb NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "client_name" text;--> statement-breakpoint
ALTER TABLE "fhir_access_token" ADD CONSTRAINT "fhir_access_token_client_id_fhir_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "fhir_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_assertion" ADD CONSTRAINT "fhir_assertion_client_id_fhir_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "fhir_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_client" ADD CONSTRAINT "fhir_client_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_access_token_expiry" ON "fhir_access_token" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "fhir_assertion_expiry" ON "fhir_assertion" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "fhir_client_manager" ON "fhir_client" USING btree ("seq_manager","created_at");--> statement-breakpoint
-- The column added for FHIR clients joins a row's hash only when set, as the guests' (0034).
CREATE OR REPLACE FUNCTION audit_event_hash(previous text, entry audit_event) RETURNS text
  LANGUAGE sql STABLE SET timezone = 'UTC' SET search_path = pg_catalog, pg_temp
  AS $$ SELECT encode(sha256(convert_to(coalesce(previous, '') || ((to_jsonb(entry) - 'hash')
    - array_remove(ARRAY[CASE WHEN entry.guest_name IS NULL THEN 'guest_name' END,
        CASE WHEN entry.reason IS NULL THEN 'reason' END,
        CASE WHEN entry.client_name IS NULL THEN 'client_name' END], NULL))::text, 'UTF8')), 'hex') $$;
