CREATE TABLE "protocol" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"manufacturer" text NOT NULL,
	"protocol_version" text NOT NULL,
	"configure_version" text DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_column" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"config_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"function_code" integer NOT NULL,
	"start_address" integer NOT NULL,
	"register_count" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"register_type" text NOT NULL,
	"data_type" text NOT NULL,
	"byte_swap" boolean DEFAULT false NOT NULL,
	"register_swap" boolean DEFAULT false NOT NULL,
	"base" double precision DEFAULT 0 NOT NULL,
	"scale" double precision DEFAULT 1 NOT NULL,
	"scale_factor" text,
	"skip_bytes" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"protocol_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protocol" ADD CONSTRAINT "protocol_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_column" ADD CONSTRAINT "protocol_column_config_id_protocol_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."protocol_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_config" ADD CONSTRAINT "protocol_config_protocol_id_protocol_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocol"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_config" ADD CONSTRAINT "protocol_config_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_code" ON "protocol" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "protocol_column_config" ON "protocol_column" USING btree ("config_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_column_name" ON "protocol_column" USING btree ("config_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_config_version" ON "protocol_config" USING btree ("protocol_id",lower("name"),"version");