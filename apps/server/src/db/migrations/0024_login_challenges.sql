ALTER TABLE "login_challenge" ALTER COLUMN "seq_user" DROP NOT NULL;--> statement-breakpoint
INSERT INTO "login_challenge" ("token_hash", "seq_user", "purpose", "created_at", "expires_at", "used_at")
SELECT "challenge_hash", "seq_user", CASE "purpose" WHEN 'register' THEN 'passkey_register' ELSE 'passkey_login' END, "created_at", "expires_at", "used_at"
FROM "webauthn_challenge" WHERE "used_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
DROP TABLE "webauthn_challenge" CASCADE;--> statement-breakpoint
CREATE INDEX "login_challenge_expiry" ON "login_challenge" USING btree ("expires_at");
