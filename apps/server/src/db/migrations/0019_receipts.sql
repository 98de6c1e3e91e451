CREATE TABLE "receipt" (
	"seq_receipt" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipt_seq_receipt_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_payment" integer NOT NULL,
	"seq_manager" integer NOT NULL,
	"billed_to" text NOT NULL,
	"clinic_name" text,
	"clinic_address" text,
	"product_code" text NOT NULL,
	"product_title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_seq_payment_unique" UNIQUE("seq_payment")
);
--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_seq_payment_payment_seq_payment_fk" FOREIGN KEY ("seq_payment") REFERENCES "payment"("seq_payment") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt" ADD CONSTRAINT "receipt_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Charges made before receipts existed get theirs, with the clinic and plan as they are now.
INSERT INTO "receipt" ("seq_payment", "seq_manager", "billed_to", "clinic_name", "clinic_address", "product_code", "product_title", "created_at")
  SELECT "payment"."seq_payment", "payment"."seq_manager", "manager"."first_name" || ' ' || "manager"."last_name",
    "manager"."clinic_name", "manager"."clinic_address", "product"."code", "product"."title", "payment"."created_at"
  FROM "payment"
  JOIN "manager" ON "manager"."seq_manager" = "payment"."seq_manager"
  JOIN "product" ON "product"."seq_product" = "payment"."seq_product"
  WHERE "payment"."status" = 'paid'
  ORDER BY "payment"."seq_payment";
