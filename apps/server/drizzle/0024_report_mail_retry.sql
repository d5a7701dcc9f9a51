ALTER TABLE "report_config" ADD COLUMN "mail_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_config" ADD COLUMN "mail_retry_anchor" text;