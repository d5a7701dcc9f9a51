CREATE TABLE "chart_params" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	CONSTRAINT "chart_params_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sn" text NOT NULL,
	"gateway_id" uuid NOT NULL,
	"plant_id" uuid,
	"kind" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"alias" text,
	"rated_w" double precision,
	"capacity_kwh" double precision,
	"protocol" text DEFAULT 'metrics' NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_sn_unique" UNIQUE("sn")
);
--> statement-breakpoint
CREATE TABLE "device_day" (
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"pv" double precision DEFAULT 0 NOT NULL,
	"purchase" double precision DEFAULT 0 NOT NULL,
	"feed_in" double precision DEFAULT 0 NOT NULL,
	"charge" double precision DEFAULT 0 NOT NULL,
	"discharge" double precision DEFAULT 0 NOT NULL,
	"load" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "device_day_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_id" uuid NOT NULL,
	"gateway_event_id" text NOT NULL,
	"device_id" uuid NOT NULL,
	"plant_id" uuid,
	"code" text NOT NULL,
	"level" text NOT NULL,
	"message" text,
	"raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_latest" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"metrics" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_sample" (
	"device_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"plant_id" uuid,
	"metrics" jsonb NOT NULL,
	"e_pv" double precision,
	"e_purchase" double precision,
	"e_feed_in" double precision,
	"e_charge" double precision,
	"e_discharge" double precision,
	"e_load" double precision,
	CONSTRAINT "device_sample_device_id_ts_pk" PRIMARY KEY("device_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- Monthly partitions are made by ingest before it writes into a month (modules/telemetry/partitions.ts);
-- the default partition catches anything else, so a reading is never refused for want of a partition.
CREATE TABLE "device_sample_default" PARTITION OF "device_sample" DEFAULT;
--> statement-breakpoint
CREATE TABLE "gateway" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sn" text NOT NULL,
	"company_id" uuid,
	"plant_id" uuid,
	"registration_key" text NOT NULL,
	"conn_password_hash" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"upload_interval_s" integer DEFAULT 300 NOT NULL,
	"firmware" text,
	"rssi" integer,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_sn_unique" UNIQUE("sn")
);
--> statement-breakpoint
CREATE TABLE "plant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"owner_id" uuid,
	"installer_id" uuid,
	"created_by" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"inverter_kind" text DEFAULT 'string' NOT NULL,
	"capacity_kw" double precision NOT NULL,
	"commissioned_on" date NOT NULL,
	"timezone" text NOT NULL,
	"currency" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"valuation" jsonb NOT NULL,
	"picture" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_day" (
	"plant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"pv" double precision DEFAULT 0 NOT NULL,
	"purchase" double precision DEFAULT 0 NOT NULL,
	"feed_in" double precision DEFAULT 0 NOT NULL,
	"charge" double precision DEFAULT 0 NOT NULL,
	"discharge" double precision DEFAULT 0 NOT NULL,
	"load" double precision DEFAULT 0 NOT NULL,
	"income" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_day_plant_id_day_pk" PRIMARY KEY("plant_id","day")
);
--> statement-breakpoint
CREATE TABLE "plant_power" (
	"plant_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"pv" double precision,
	"load" double precision,
	"grid" double precision,
	"battery" double precision,
	"soc" double precision,
	CONSTRAINT "plant_power_plant_id_ts_pk" PRIMARY KEY("plant_id","ts")
);
--> statement-breakpoint
CREATE TABLE "plant_share" (
	"plant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_share_plant_id_user_id_pk" PRIMARY KEY("plant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chart_params" ADD CONSTRAINT "chart_params_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_gateway_id_gateway_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateway"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_latest" ADD CONSTRAINT "device_latest_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway" ADD CONSTRAINT "gateway_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway" ADD CONSTRAINT "gateway_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant" ADD CONSTRAINT "plant_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant" ADD CONSTRAINT "plant_owner_id_app_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant" ADD CONSTRAINT "plant_installer_id_app_user_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant" ADD CONSTRAINT "plant_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_share" ADD CONSTRAINT "plant_share_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_share" ADD CONSTRAINT "plant_share_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_plant" ON "device" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "device_gateway" ON "device" USING btree ("gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_event_gateway_id" ON "device_event" USING btree ("gateway_id","gateway_event_id");--> statement-breakpoint
CREATE INDEX "device_event_plant" ON "device_event" USING btree ("plant_id","raised_at");--> statement-breakpoint
CREATE INDEX "device_event_open" ON "device_event" USING btree ("device_id","cleared_at");--> statement-breakpoint
CREATE INDEX "device_sample_plant_ts" ON "device_sample" USING btree ("plant_id","ts");--> statement-breakpoint
CREATE INDEX "gateway_plant" ON "gateway" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "plant_company" ON "plant" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "plant_owner" ON "plant" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "plant_share_user" ON "plant_share" USING btree ("user_id");