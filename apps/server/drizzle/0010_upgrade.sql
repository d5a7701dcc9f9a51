CREATE TABLE "upgrade" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"plant_id" uuid,
	"gateway_id" uuid NOT NULL,
	"device_id" uuid,
	"kind" text NOT NULL,
	"sn" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"firmware_id" uuid,
	"from_version" text,
	"to_version" text NOT NULL,
	"state" text NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress" integer,
	"error" text,
	"rollout_id" uuid,
	"wave" integer,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upgrade_rollout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"firmware_id" uuid,
	"kind" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"wave_percent" integer NOT NULL,
	"halt_percent" integer NOT NULL,
	"wave" integer DEFAULT 1 NOT NULL,
	"waves" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "upgrade" ADD CONSTRAINT "upgrade_gateway_id_gateway_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateway"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade" ADD CONSTRAINT "upgrade_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade" ADD CONSTRAINT "upgrade_firmware_id_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade" ADD CONSTRAINT "upgrade_rollout_id_upgrade_rollout_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."upgrade_rollout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade" ADD CONSTRAINT "upgrade_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_rollout" ADD CONSTRAINT "upgrade_rollout_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_rollout" ADD CONSTRAINT "upgrade_rollout_firmware_id_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_rollout" ADD CONSTRAINT "upgrade_rollout_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upgrade_company" ON "upgrade" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "upgrade_sn" ON "upgrade" USING btree ("sn","created_at");--> statement-breakpoint
CREATE INDEX "upgrade_by_rollout" ON "upgrade" USING btree ("rollout_id");--> statement-breakpoint
CREATE INDEX "upgrade_open" ON "upgrade" USING btree ("state") WHERE state in ('waiting', 'queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_one_open" ON "upgrade" USING btree ("sn") WHERE state in ('waiting', 'queued', 'running');--> statement-breakpoint
CREATE INDEX "upgrade_rollout_company" ON "upgrade_rollout" USING btree ("company_id","created_at");