CREATE TABLE "message" (
	"seq_message" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_seq_message_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_medical_relation" integer NOT NULL,
	"sender_role" text NOT NULL,
	"seq_user" integer NOT NULL,
	"body" text NOT NULL,
	"automatic" text,
	"next_open_at" timestamp with time zone,
	"idempotency_key" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_attachment" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"seq_medical_relation" integer NOT NULL,
	"seq_message" integer,
	"position" smallint,
	"file_name" text NOT NULL,
	"thumbnail_upload_id" uuid
);
--> statement-breakpoint
CREATE TABLE "message_away_setting" (
	"seq_manager" integer PRIMARY KEY NOT NULL,
	"after_hours_texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vacation_from" date,
	"vacation_to" date,
	"vacation_texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_template" (
	"seq_message_template" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_template_seq_message_template_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_manager" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_thread" (
	"seq_medical_relation" integer PRIMARY KEY NOT NULL,
	"clinician_notified_at" timestamp with time zone,
	"patient_notified_at" timestamp with time zone,
	"auto_reply_period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_seq_medical_relation_message_thread_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "message_thread"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachment" ADD CONSTRAINT "message_attachment_upload_id_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "upload"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachment" ADD CONSTRAINT "message_attachment_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachment" ADD CONSTRAINT "message_attachment_seq_message_message_seq_message_fk" FOREIGN KEY ("seq_message") REFERENCES "message"("seq_message") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachment" ADD CONSTRAINT "message_attachment_thumbnail_upload_id_upload_id_fk" FOREIGN KEY ("thumbnail_upload_id") REFERENCES "upload"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_away_setting" ADD CONSTRAINT "message_away_setting_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template" ADD CONSTRAINT "message_template_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread" ADD CONSTRAINT "message_thread_seq_medical_relation_medical_relation_seq_medical_relation_fk" FOREIGN KEY ("seq_medical_relation") REFERENCES "medical_relation"("seq_medical_relation") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_thread_order" ON "message" USING btree ("seq_medical_relation","seq_message");--> statement-breakpoint
CREATE UNIQUE INDEX "message_idempotency" ON "message" USING btree ("seq_user","idempotency_key");--> statement-breakpoint
CREATE INDEX "message_unread" ON "message" USING btree ("seq_medical_relation","sender_role") WHERE "message"."read_at" is null and "message"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "message_attachment_message" ON "message_attachment" USING btree ("seq_message","position");--> statement-breakpoint
CREATE INDEX "message_template_manager" ON "message_template" USING btree ("seq_manager","title");--> statement-breakpoint
-- A message is append-only: its words, sender and time never change and it is never removed;
-- its first reading and its withdrawal are each marked once.
CREATE FUNCTION message_append_only() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'message is append-only';
  END IF;
  IF (NEW.seq_message, NEW.seq_medical_relation, NEW.sender_role, NEW.seq_user, NEW.body, NEW.automatic,
      NEW.next_open_at, NEW.idempotency_key, NEW.sent_at)
     IS DISTINCT FROM (OLD.seq_message, OLD.seq_medical_relation, OLD.sender_role, OLD.seq_user, OLD.body,
      OLD.automatic, OLD.next_open_at, OLD.idempotency_key, OLD.sent_at)
     OR (OLD.read_at IS NOT NULL AND NEW.read_at IS DISTINCT FROM OLD.read_at)
     OR (OLD.withdrawn_at IS NOT NULL AND NEW.withdrawn_at IS DISTINCT FROM OLD.withdrawn_at) THEN
    RAISE EXCEPTION 'message is append-only: only its reading and its withdrawal are marked, once';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER message_no_change_or_delete
  BEFORE UPDATE OR DELETE ON message
  FOR EACH ROW EXECUTE FUNCTION message_append_only();
--> statement-breakpoint
-- TRUNCATE bypasses row triggers: refuse it with a statement trigger of its own.
CREATE TRIGGER message_no_truncate
  BEFORE TRUNCATE ON message
  FOR EACH STATEMENT EXECUTE FUNCTION message_append_only();
--> statement-breakpoint
-- A message's file is bound to its message once, and then never changes nor goes. A file never
-- sent may be removed (unsent uploads are purged). Its upload row cannot go while this row
-- refers to it.
CREATE FUNCTION message_attachment_append_only() RETURNS trigger LANGUAGE plpgsql
  SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'message_attachment is append-only';
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.seq_message IS NOT NULL THEN
      RAISE EXCEPTION 'message_attachment is append-only: a sent file is never removed';
    END IF;
    RETURN OLD;
  END IF;
  IF (NEW.upload_id, NEW.seq_medical_relation, NEW.file_name, NEW.thumbnail_upload_id)
     IS DISTINCT FROM (OLD.upload_id, OLD.seq_medical_relation, OLD.file_name, OLD.thumbnail_upload_id)
     OR (OLD.seq_message IS NOT NULL
       AND (NEW.seq_message, NEW.position) IS DISTINCT FROM (OLD.seq_message, OLD.position)) THEN
    RAISE EXCEPTION 'message_attachment is append-only: only its binding to a message is set, once';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER message_attachment_no_change_or_delete
  BEFORE UPDATE OR DELETE ON message_attachment
  FOR EACH ROW EXECUTE FUNCTION message_attachment_append_only();
--> statement-breakpoint
CREATE TRIGGER message_attachment_no_truncate
  BEFORE TRUNCATE ON message_attachment
  FOR EACH STATEMENT EXECUTE FUNCTION message_attachment_append_only();
