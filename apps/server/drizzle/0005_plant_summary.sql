CREATE TABLE "plant_summary" (
	"plant_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"status_until" timestamp with time zone,
	"power_w" double precision,
	"power_ts" timestamp with time zone,
	"today_day" date NOT NULL,
	"today_kwh" double precision DEFAULT 0 NOT NULL,
	"today_income" double precision DEFAULT 0 NOT NULL,
	"total_kwh" double precision DEFAULT 0 NOT NULL,
	"total_income" double precision DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_summary" ADD CONSTRAINT "plant_summary_plant_id_plant_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plant_summary_until" ON "plant_summary" USING btree ("status_until");--> statement-breakpoint
CREATE INDEX "plant_summary_computed" ON "plant_summary" USING btree ("computed_at");