CREATE TABLE "protocol_push" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_id" uuid NOT NULL,
	"protocol_id" uuid NOT NULL,
	"config" text NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"sent_at" timestamp with time zone,
	"acked_version" integer,
	"acked_at" timestamp with time zone,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protocol_push" ADD CONSTRAINT "protocol_push_gateway_id_gateway_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateway"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_push" ADD CONSTRAINT "protocol_push_protocol_id_protocol_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."protocol"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "protocol_push_target" ON "protocol_push" USING btree ("gateway_id","protocol_id","config");--> statement-breakpoint
CREATE INDEX "protocol_push_protocol" ON "protocol_push" USING btree ("protocol_id");--> statement-breakpoint
CREATE INDEX "protocol_push_state" ON "protocol_push" USING btree ("state","updated_at");