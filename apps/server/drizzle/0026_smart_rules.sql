CREATE TABLE "smart_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plant_id" uuid NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"trigger" jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"cooldown_minutes" integer DEFAULT 0 NOT NULL,
	"armed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger_state" jsonb,
	"state_seq" integer DEFAULT 0 NOT NULL,
	"last_fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_rule_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"occurrence" text NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"touched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer
);
--> statement-breakpoint
ALTER TABLE "smart_rule" ADD CONSTRAINT "smart_rule_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_rule" ADD CONSTRAINT "smart_rule_owner_id_app_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_rule_run" ADD CONSTRAINT "smart_rule_run_rule_id_smart_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."smart_rule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_rule_plant" ON "smart_rule" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "smart_rule_enabled" ON "smart_rule" USING btree ("enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_rule_run_occurrence" ON "smart_rule_run" USING btree ("rule_id","occurrence");--> statement-breakpoint
CREATE INDEX "smart_rule_run_rule" ON "smart_rule_run" USING btree ("rule_id","fired_at");