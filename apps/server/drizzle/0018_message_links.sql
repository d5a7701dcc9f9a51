ALTER TABLE "message" ADD COLUMN "plant_id" uuid;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "device_sn" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "source" text;--> statement-breakpoint
CREATE INDEX "message_user_created" ON "message" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_user_source" ON "message" USING btree ("user_id","source");