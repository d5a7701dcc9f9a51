ALTER TABLE "recording_segment" DROP CONSTRAINT "recording_segment_channel_id_camera_channel_id_fk";
--> statement-breakpoint
ALTER TABLE "recording_segment" ALTER COLUMN "channel_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recording_segment" ADD CONSTRAINT "recording_segment_channel_id_camera_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."camera_channel"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_segment_orphaned" ON "recording_segment" USING btree ("storage_space_id") WHERE "recording_segment"."channel_id" is null;