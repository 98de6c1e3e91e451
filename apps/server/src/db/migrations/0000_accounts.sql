CREATE TABLE "app_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"seq_user" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_user_seq_user_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_type" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq_user" integer NOT NULL,
	"seq_manager" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_confirmed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"fcm_token" text,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "email_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"seq_user" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manager" (
	"seq_manager" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manager_seq_manager_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_user" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text NOT NULL,
	"npi_number" text NOT NULL,
	"signature_path" text,
	"certification_code" text,
	"image_path" text,
	"specialty" text,
	"background" text,
	"language_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"professional_education" text,
	"years_of_experience" integer,
	"terms_agreed_at" timestamp with time zone NOT NULL,
	"privacy_agreed_at" timestamp with time zone NOT NULL,
	"personal_info_agreed_at" timestamp with time zone NOT NULL,
	"provider_confirmed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_seq_user_unique" UNIQUE("seq_user")
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_seq_manager_manager_seq_manager_fk" FOREIGN KEY ("seq_manager") REFERENCES "manager"("seq_manager") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_token" ADD CONSTRAINT "email_token_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager" ADD CONSTRAINT "manager_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_session_id_auth_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "auth_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_user_id_live" ON "app_user" USING btree ("user_id") WHERE "app_user"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_user_email_live" ON "app_user" USING btree ("user_email") WHERE "app_user"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "app_user_user_email" ON "app_user" USING btree ("user_email");--> statement-breakpoint
CREATE INDEX "auth_session_user" ON "auth_session" USING btree ("seq_user");--> statement-breakpoint
CREATE INDEX "email_token_user" ON "email_token" USING btree ("seq_user","purpose");--> statement-breakpoint
CREATE INDEX "refresh_token_session" ON "refresh_token" USING btree ("session_id");