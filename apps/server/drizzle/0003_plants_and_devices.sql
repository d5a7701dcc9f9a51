CREATE TABLE "config_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_command" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"plant_id" uuid,
	"gateway_id" uuid NOT NULL,
	"device_id" uuid,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"progress" integer,
	"result" jsonb,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"plant_id" uuid,
	"user_id" uuid,
	"target" text NOT NULL,
	"operation" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"result" text NOT NULL,
	"ip" text,
	"command_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_layout" (
	"plant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_layout_plant_id_kind_pk" PRIMARY KEY("plant_id","kind")
);
--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "firmware" text;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "alias" text;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "hardware_version" text;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "comm_type" text DEFAULT '4G' NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "iccid" text;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "server_address" text;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "server_port" integer;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "mesh_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "battery_type" text;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "protocol" text;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "bound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plant" ADD COLUMN "alias" text;--> statement-breakpoint
ALTER TABLE "plant" ADD COLUMN "total_investment" double precision;--> statement-breakpoint
ALTER TABLE "plant" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plant" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plant" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plant" ADD COLUMN "generation_offset_kwh" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plant" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plant" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "plant_layout" ADD CONSTRAINT "plant_layout_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_template_company" ON "config_template" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "device_command_gateway" ON "device_command" USING btree ("gateway_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_target" ON "operation_log" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_company" ON "operation_log" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "gateway" ADD CONSTRAINT "gateway_customer_id_app_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_company" ON "gateway" USING btree ("company_id");