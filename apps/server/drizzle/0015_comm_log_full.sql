ALTER TABLE "gateway" ADD COLUMN "comm_log_full_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_message" ADD COLUMN "payload_kept" boolean DEFAULT true NOT NULL;