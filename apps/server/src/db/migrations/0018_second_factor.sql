CREATE TABLE "login_challenge" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"seq_user" integer NOT NULL,
	"purpose" text NOT NULL,
	"fcm_token" text,
	"browser_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recovery_code" (
	"seq_user" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_code_seq_user_code_hash_pk" PRIMARY KEY("seq_user","code_hash")
);
--> statement-breakpoint
CREATE TABLE "second_factor" (
	"seq_second_factor" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "second_factor_seq_second_factor_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seq_user" integer NOT NULL,
	"kind" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"last_time_step" bigint,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_challenge" ADD CONSTRAINT "login_challenge_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_code" ADD CONSTRAINT "recovery_code_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor" ADD CONSTRAINT "second_factor_seq_user_app_user_seq_user_fk" FOREIGN KEY ("seq_user") REFERENCES "app_user"("seq_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_challenge_user" ON "login_challenge" USING btree ("seq_user");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factor_totp_confirmed" ON "second_factor" USING btree ("seq_user") WHERE "second_factor"."kind" = 'totp' and "second_factor"."confirmed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "second_factor_totp_pending" ON "second_factor" USING btree ("seq_user") WHERE "second_factor"."kind" = 'totp' and "second_factor"."confirmed_at" is null;