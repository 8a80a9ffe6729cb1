CREATE TABLE "draw_schedule" (
	"campaign_id" text PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"interval_minutes" integer,
	"next_run_at" timestamp with time zone,
	"platform" text,
	"started_by" text,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "trigger" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "live_stream" ADD COLUMN "quota_day" text;--> statement-breakpoint
ALTER TABLE "live_stream" ADD COLUMN "ingest_state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "live_stream" ADD COLUMN "next_poll_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_stream" ADD COLUMN "connection_id" text;--> statement-breakpoint
ALTER TABLE "winner" ADD COLUMN "distributed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draw_schedule" ADD CONSTRAINT "draw_schedule_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_stream" ADD CONSTRAINT "live_stream_connection_id_platform_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "platform_connection"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_stream_poll_idx" ON "live_stream" USING btree ("next_poll_at") WHERE "live_stream"."status" in ('waiting', 'live');