CREATE TABLE "passkey_registration" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"rp_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_challenge" ADD COLUMN "webauthn_challenge" text;--> statement-breakpoint
ALTER TABLE "passkey_registration" ADD CONSTRAINT "passkey_registration_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;