ALTER TABLE "draw" ADD COLUMN "freeze_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "ingest_behind" jsonb;--> statement-breakpoint
ALTER TABLE "live_stream" ADD COLUMN "read_through_at" timestamp with time zone;