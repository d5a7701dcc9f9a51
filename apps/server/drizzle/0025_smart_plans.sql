CREATE TABLE "plant_plan" (
	"plant_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"planned_at" timestamp with time zone,
	"mode" text,
	"reason" text,
	"slots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cost" double precision,
	"baseline_cost" double precision,
	"sent" jsonb,
	"command_id" uuid,
	"command_status" text,
	"command_error" text,
	"sent_at" timestamp with time zone,
	"counted_until" timestamp with time zone,
	"baseline_soc" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_saving_day" (
	"plant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"actual_cost" double precision DEFAULT 0 NOT NULL,
	"baseline_cost" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "plant_saving_day_plant_id_day_pk" PRIMARY KEY("plant_id","day")
);
--> statement-breakpoint
CREATE TABLE "price_slot" (
	"plant_id" uuid NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"buy" double precision NOT NULL,
	"sell" double precision,
	"source" text NOT NULL,
	CONSTRAINT "price_slot_plant_id_start_pk" PRIMARY KEY("plant_id","start")
);
--> statement-breakpoint
ALTER TABLE "plant_plan" ADD CONSTRAINT "plant_plan_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_saving_day" ADD CONSTRAINT "plant_saving_day_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_slot" ADD CONSTRAINT "price_slot_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plant_plan_due" ON "plant_plan" USING btree ("due_at");