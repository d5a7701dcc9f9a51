CREATE TABLE "camera" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_cipher" text NOT NULL,
	"recording" text DEFAULT 'off' NOT NULL,
	"storage_space_id" uuid,
	"state" text DEFAULT 'unknown' NOT NULL,
	"state_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "camera_channel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camera_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"recorder_id" text,
	"recorder_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recording_segment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"storage_space_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"bytes" integer NOT NULL,
	"object_key" text NOT NULL,
	"event_id" uuid
);
--> statement-breakpoint
CREATE TABLE "storage_space" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"folder" text DEFAULT '' NOT NULL,
	"s3" jsonb,
	"s3_secret_cipher" text,
	"capacity_gb" double precision NOT NULL,
	"retention_days" integer NOT NULL,
	"used_bytes" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera" ADD CONSTRAINT "camera_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera" ADD CONSTRAINT "camera_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera" ADD CONSTRAINT "camera_storage_space_id_storage_space_id_fk" FOREIGN KEY ("storage_space_id") REFERENCES "public"."storage_space"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_channel" ADD CONSTRAINT "camera_channel_camera_id_camera_id_fk" FOREIGN KEY ("camera_id") REFERENCES "public"."camera"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_segment" ADD CONSTRAINT "recording_segment_channel_id_camera_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."camera_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_segment" ADD CONSTRAINT "recording_segment_storage_space_id_storage_space_id_fk" FOREIGN KEY ("storage_space_id") REFERENCES "public"."storage_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_space" ADD CONSTRAINT "storage_space_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camera_plant" ON "camera" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "camera_company" ON "camera" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "camera_channel_number" ON "camera_channel" USING btree ("camera_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "recording_segment_channel_start" ON "recording_segment" USING btree ("channel_id","started_at");--> statement-breakpoint
CREATE INDEX "recording_segment_space_start" ON "recording_segment" USING btree ("storage_space_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_space_company_name" ON "storage_space" USING btree ("company_id","name");