CREATE TABLE "report_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"plant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"period" text NOT NULL,
	"scope" text DEFAULT 'plant' NOT NULL,
	"schedule" text DEFAULT 'none' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"next_due_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_export" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"config_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"format" text NOT NULL,
	"anchor" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_id" uuid,
	"file_name" text,
	"error" text,
	"claimed_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_config" ADD CONSTRAINT "report_config_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_config" ADD CONSTRAINT "report_config_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_export" ADD CONSTRAINT "report_export_config_id_report_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."report_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_export" ADD CONSTRAINT "report_export_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_config_user" ON "report_config" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "report_config_due" ON "report_config" USING btree ("next_due_at");--> statement-breakpoint
CREATE INDEX "report_export_todo" ON "report_export" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "report_export_user" ON "report_export" USING btree ("user_id");