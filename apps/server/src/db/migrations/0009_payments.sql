CREATE TABLE "board_inquiry" (
	"seq_board" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "board_inquiry_seq_board_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_manager" integer,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"name" text,
	"email" text,
	"organization" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"seq_payment" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_seq_payment_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_manager" integer NOT NULL,
	"seq_product" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"card_last4" text,
	"charge_id" text,
	"failed_code" text,
	"idempotency_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "penalty" (
	"seq_penalty" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "penalty_seq_penalty_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_manager" integer NOT NULL,
	"choice" text NOT NULL,
	"active_patients" integer NOT NULL,
	"patient_limit" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"seq_product" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_seq_product_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"patient_limit" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"sort_order" smallint NOT NULL,
	"is_offered" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_card" (
	"token" text PRIMARY KEY NOT NULL,
	"behaviour" text NOT NULL,
	"card_type" text NOT NULL,
	"last4" text NOT NULL,
	"expiry" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charge" (
	"id" text PRIMARY KEY NOT NULL,
	"card_token" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charge_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"seq_manager" integer PRIMARY KEY NOT NULL,
	"seq_product" integer NOT NULL,
	"status" text NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"current_period_end" timestamp with time zone NOT NULL,
	"grace_ends_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"plan_changed_at" timestamp with time zone,
	"card_type" text,
	"card_last4" text,
	"card_expiry" text,
	"card_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manager" ADD COLUMN "image_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "manager" ADD COLUMN "signature_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "board_inquiry" ADD CONSTRAINT "board_inquiry_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_seq_product_product_seq_product_fk" FOREIGN KEY ("seq_product") REFERENCES "product"("seq_product") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalty" ADD CONSTRAINT "penalty_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_seq_product_product_seq_product_fk" FOREIGN KEY ("seq_product") REFERENCES "product"("seq_product") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_inquiry_manager" ON "board_inquiry" USING btree ("seq_manager","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_idempotency" ON "payment" USING btree ("seq_manager","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_manager" ON "payment" USING btree ("seq_manager","created_at");--> statement-breakpoint
CREATE INDEX "penalty_manager" ON "penalty" USING btree ("seq_manager","created_at");