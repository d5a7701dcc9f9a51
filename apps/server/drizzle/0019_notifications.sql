CREATE TABLE "notification_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"target" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_digest" (
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_digest_user_id_channel_pk" PRIMARY KEY("user_id","channel")
);
--> statement-breakpoint
CREATE TABLE "notification_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"claimed_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_rule" (
	"user_id" uuid NOT NULL,
	"plant_key" text DEFAULT '' NOT NULL,
	"severities" jsonb NOT NULL,
	"channels" jsonb NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_rule_user_id_plant_key_pk" PRIMARY KEY("user_id","plant_key")
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscription_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "webhook" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_digest" ADD CONSTRAINT "notification_digest_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_rule" ADD CONSTRAINT "notification_rule_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_delivery_once" ON "notification_delivery" USING btree ("channel","target","event_id","transition");--> statement-breakpoint
CREATE INDEX "notification_delivery_due" ON "notification_delivery" USING btree ("state","next_at");--> statement-breakpoint
CREATE INDEX "notification_delivery_target" ON "notification_delivery" USING btree ("target","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_job_event" ON "notification_job" USING btree ("event_id","transition");--> statement-breakpoint
CREATE INDEX "notification_job_todo" ON "notification_job" USING btree ("done_at","id");--> statement-breakpoint
CREATE INDEX "notification_rule_plant" ON "notification_rule" USING btree ("plant_key");--> statement-breakpoint
CREATE INDEX "push_subscription_user" ON "push_subscription" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webhook_company" ON "webhook" USING btree ("company_id");