CREATE TABLE "payment_event" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_object" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"body" jsonb NOT NULL,
	CONSTRAINT "sandbox_object_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "pending_intent" text;
--> statement-breakpoint
DROP TABLE "sandbox_card" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_charge" CASCADE;