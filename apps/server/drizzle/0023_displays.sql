CREATE TABLE "display" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"style" text NOT NULL,
	"all_plants" boolean DEFAULT false NOT NULL,
	"grid_rows" integer DEFAULT 1 NOT NULL,
	"grid_cols" integer DEFAULT 1 NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_seconds" integer DEFAULT 20 NOT NULL,
	"logo_file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "display_plant" (
	"display_id" uuid NOT NULL,
	"plant_id" uuid NOT NULL,
	CONSTRAINT "display_plant_display_id_plant_id_pk" PRIMARY KEY("display_id","plant_id")
);
--> statement-breakpoint
CREATE TABLE "view_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"display_id" uuid,
	"plant_id" uuid,
	"device_sn" text,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "display" ADD CONSTRAINT "display_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display" ADD CONSTRAINT "display_logo_file_id_stored_file_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display" ADD CONSTRAINT "display_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_plant" ADD CONSTRAINT "display_plant_display_id_display_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."display"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_plant" ADD CONSTRAINT "display_plant_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_link" ADD CONSTRAINT "view_link_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_link" ADD CONSTRAINT "view_link_display_id_display_id_fk" FOREIGN KEY ("display_id") REFERENCES "public"."display"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_link" ADD CONSTRAINT "view_link_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_link" ADD CONSTRAINT "view_link_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "display_company" ON "display" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "view_link_token" ON "view_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "view_link_display" ON "view_link" USING btree ("display_id");