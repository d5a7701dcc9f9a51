CREATE TABLE "bulletin" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" integer NOT NULL,
	"theme" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"audience" text NOT NULL,
	"receivers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"announcer" text DEFAULT '' NOT NULL,
	"release_at" timestamp with time zone,
	"url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" integer NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"company_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_read" (
	"user_id" uuid NOT NULL,
	"notice_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_read_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
ALTER TABLE "bulletin" ADD CONSTRAINT "bulletin_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notice" ADD CONSTRAINT "maintenance_notice_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulletin_status_release" ON "bulletin" USING btree ("status","release_at");--> statement-breakpoint
CREATE INDEX "maintenance_notice_status" ON "maintenance_notice" USING btree ("status","effective_at");