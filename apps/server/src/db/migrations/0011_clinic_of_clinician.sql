ALTER TABLE "manager" ADD COLUMN "clinic_name" text;--> statement-breakpoint
ALTER TABLE "manager" ADD COLUMN "clinic_address" text;--> statement-breakpoint
-- Reports kept before clinics were recorded name none, as they were when saved.
UPDATE "report" SET "content" = jsonb_set(
  jsonb_set("content", '{data,clinician,managerClinicName}', 'null'::jsonb),
  '{data,clinician,managerClinicAddress}', 'null'::jsonb
);
