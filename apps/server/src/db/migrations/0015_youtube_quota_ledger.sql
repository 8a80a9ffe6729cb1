CREATE TABLE "youtube_quota_ledger" (
	"project" text NOT NULL,
	"quota_day" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"recent_units" double precision DEFAULT 0 NOT NULL,
	"recent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "youtube_quota_ledger_project_quota_day_pk" PRIMARY KEY("project","quota_day")
);
--> statement-breakpoint
CREATE INDEX "live_stream_chat_idx" ON "live_stream" USING btree ("platform","broadcast_id") WHERE "live_stream"."status" in ('waiting', 'live');