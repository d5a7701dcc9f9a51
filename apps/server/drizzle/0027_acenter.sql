CREATE TABLE "light" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_device_id" text NOT NULL,
	"alias" text NOT NULL,
	"on" boolean DEFAULT false NOT NULL,
	"brightness" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "light_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"token_cipher" text NOT NULL,
	"linked_by" uuid,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"station_id" text NOT NULL,
	"key_cipher" text NOT NULL,
	"hint" text NOT NULL,
	"linked_by" uuid,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "light" ADD CONSTRAINT "light_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "light" ADD CONSTRAINT "light_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "light_account" ADD CONSTRAINT "light_account_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "light_account" ADD CONSTRAINT "light_account_linked_by_app_user_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_link" ADD CONSTRAINT "weather_link_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_link" ADD CONSTRAINT "weather_link_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_link" ADD CONSTRAINT "weather_link_linked_by_app_user_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "light_provider_device" ON "light" USING btree ("provider","provider_device_id");--> statement-breakpoint
CREATE INDEX "light_plant" ON "light" USING btree ("plant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "light_account_company" ON "light_account" USING btree ("company_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_link_plant" ON "weather_link" USING btree ("plant_id");