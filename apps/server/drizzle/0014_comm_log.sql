CREATE TABLE "gateway_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway_sn" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"channel" text NOT NULL,
	"size" integer NOT NULL,
	"summary" jsonb NOT NULL,
	"payload" text NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gateway_message_sn_at" ON "gateway_message" USING btree ("gateway_sn","at","id");--> statement-breakpoint
CREATE INDEX "gateway_message_at" ON "gateway_message" USING btree ("at");