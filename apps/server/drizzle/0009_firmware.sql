CREATE TABLE "firmware" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"company_id" uuid,
	"brand" text NOT NULL,
	"product" text NOT NULL,
	"epn" text DEFAULT '' NOT NULL,
	"hardware_version" text DEFAULT '' NOT NULL,
	"software_version" text NOT NULL,
	"compatible_versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"change_log" text DEFAULT '' NOT NULL,
	"upgrade_mode" text DEFAULT 'remote' NOT NULL,
	"label_id" uuid,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"signature" text NOT NULL,
	"vendor_key_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_grant" (
	"firmware_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_grant_firmware_id_company_id_pk" PRIMARY KEY("firmware_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "firmware_label" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "firmware" ADD CONSTRAINT "firmware_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware" ADD CONSTRAINT "firmware_label_id_firmware_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."firmware_label"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware" ADD CONSTRAINT "firmware_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware" ADD CONSTRAINT "firmware_vendor_key_id_vendor_key_id_fk" FOREIGN KEY ("vendor_key_id") REFERENCES "public"."vendor_key"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware" ADD CONSTRAINT "firmware_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_grant" ADD CONSTRAINT "firmware_grant_firmware_id_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_grant" ADD CONSTRAINT "firmware_grant_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_grant" ADD CONSTRAINT "firmware_grant_granted_by_app_user_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_key" ADD CONSTRAINT "vendor_key_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_sha256" ON "firmware" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_product_version" ON "firmware" USING btree ("kind",lower("product"),lower("software_version"));--> statement-breakpoint
CREATE INDEX "firmware_kind" ON "firmware" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "firmware_grant_company" ON "firmware_grant" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_label_name" ON "firmware_label" USING btree ("kind",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_key_fingerprint" ON "vendor_key" USING btree ("fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_key_name" ON "vendor_key" USING btree (lower("name"));