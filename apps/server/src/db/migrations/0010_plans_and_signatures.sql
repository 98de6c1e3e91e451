-- The plans on offer: monthly prices in cents; a limit of 0 means no limit.
INSERT INTO "product" ("code", "title", "subtitle", "patient_limit", "price_minor", "currency", "sort_order") VALUES
  ('basic', 'Basic', 'Up to 50 active patients', 50, 4900, 'USD', 1),
  ('standard', 'Standard', 'Up to 150 active patients', 150, 9900, 'USD', 2),
  ('unlimited', 'Unlimited', 'No limit on active patients', 0, 19900, 'USD', 3);
--> statement-breakpoint
-- The signature drawn at sign-up becomes the clinician's e-signature, served like any upload.
INSERT INTO "upload" ("id", "seq_manager", "seq_user", "folder", "content_type", "byte_size", "storage_key", "created_at")
  SELECT gen_random_uuid(), "seq_manager", "seq_user", 'signature', 'image/png', 0, "signature_path", "created_at"
  FROM "manager" WHERE "signature_path" IS NOT NULL;
--> statement-breakpoint
UPDATE "manager" SET "signature_upload_id" = "upload"."id"
  FROM "upload" WHERE "upload"."folder" = 'signature' AND "upload"."storage_key" = "manager"."signature_path";
