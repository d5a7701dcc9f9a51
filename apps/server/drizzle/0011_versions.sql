CREATE TABLE "console_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"notes" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
CREATE TABLE "console_version_ack" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_version" ADD CONSTRAINT "console_version_published_by_app_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_version_ack" ADD CONSTRAINT "console_version_ack_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_version_number" ON "console_version" USING btree (lower("version"));--> statement-breakpoint
CREATE INDEX "console_version_published" ON "console_version" USING btree ("published_at");