CREATE TABLE "draw" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"round" integer NOT NULL,
	"status" text NOT NULL,
	"commitment" text NOT NULL,
	"secret_seed" text NOT NULL,
	"entrants_hash" text,
	"entrant_count" integer,
	"winner_count" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"beacon_source" text,
	"beacon_round" text,
	"beacon_value" text,
	"seed" text,
	"redraw_of" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "draw_status_check" CHECK ("draw"."status" in ('open', 'closed', 'revealed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "draw_entrant" (
	"draw_id" text NOT NULL,
	"position" integer NOT NULL,
	"entrant_key" text NOT NULL,
	"display_name" text NOT NULL,
	CONSTRAINT "draw_entrant_draw_id_position_pk" PRIMARY KEY("draw_id","position")
);
--> statement-breakpoint
CREATE TABLE "live_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"live_stream_id" text NOT NULL,
	"platform_message_id" text NOT NULL,
	"author_platform_id" text NOT NULL,
	"author_name" text NOT NULL,
	"author_image_url" text,
	"text" text NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"is_member" boolean DEFAULT false NOT NULL,
	"is_moderator" boolean DEFAULT false NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_comment_kind_check" CHECK ("live_comment"."kind" in ('text', 'superChat', 'membership', 'other'))
);
--> statement-breakpoint
CREATE TABLE "live_stream" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"platform" text NOT NULL,
	"channel_id" text NOT NULL,
	"broadcast_id" text NOT NULL,
	"live_chat_id" text,
	"status" text NOT NULL,
	"cursor" text,
	"polling_interval_ms" integer,
	"quota_used" integer DEFAULT 0 NOT NULL,
	"quota_budget" integer,
	"last_error" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_stream_platform_check" CHECK ("live_stream"."platform" in ('youtube', 'twitcasting')),
	CONSTRAINT "live_stream_status_check" CHECK ("live_stream"."status" in ('waiting', 'live', 'ended', 'error'))
);
--> statement-breakpoint
CREATE TABLE "platform_connection" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"screen_id" text,
	"display_name" text,
	"image_url" text,
	"access_token_encrypted" text NOT NULL,
	"refresh_token_encrypted" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_connection_platform_check" CHECK ("platform_connection"."platform" in ('youtube', 'twitcasting'))
);
--> statement-breakpoint
CREATE TABLE "winner" (
	"id" text PRIMARY KEY NOT NULL,
	"draw_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"position" integer NOT NULL,
	"entrant_key" text NOT NULL,
	"platform" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"delivery_id" text,
	"held_claim_id" text,
	"excluded_at" timestamp with time zone,
	"excluded_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "winner_platform_check" CHECK ("winner"."platform" in ('youtube', 'twitcasting'))
);
--> statement-breakpoint
CREATE TABLE "winner_change" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"winner_id" text,
	"actor_id" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw" ADD CONSTRAINT "draw_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_entrant" ADD CONSTRAINT "draw_entrant_draw_id_draw_id_fk" FOREIGN KEY ("draw_id") REFERENCES "draw"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_comment" ADD CONSTRAINT "live_comment_live_stream_id_live_stream_id_fk" FOREIGN KEY ("live_stream_id") REFERENCES "live_stream"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_stream" ADD CONSTRAINT "live_stream_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connection" ADD CONSTRAINT "platform_connection_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winner" ADD CONSTRAINT "winner_draw_id_draw_id_fk" FOREIGN KEY ("draw_id") REFERENCES "draw"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winner" ADD CONSTRAINT "winner_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winner" ADD CONSTRAINT "winner_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winner_change" ADD CONSTRAINT "winner_change_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winner_change" ADD CONSTRAINT "winner_change_actor_id_app_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_round_uidx" ON "draw" USING btree ("campaign_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "live_comment_message_uidx" ON "live_comment" USING btree ("live_stream_id","platform_message_id");--> statement-breakpoint
CREATE INDEX "live_comment_stream_time_idx" ON "live_comment" USING btree ("live_stream_id","published_at","id");--> statement-breakpoint
CREATE INDEX "live_comment_created_idx" ON "live_comment" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_stream_broadcast_uidx" ON "live_stream" USING btree ("campaign_id","platform","broadcast_id");--> statement-breakpoint
CREATE INDEX "live_stream_status_idx" ON "live_stream" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connection_user_platform_uidx" ON "platform_connection" USING btree ("user_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connection_identity_uidx" ON "platform_connection" USING btree ("platform","platform_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "winner_draw_position_uidx" ON "winner" USING btree ("draw_id","position");--> statement-breakpoint
CREATE INDEX "winner_campaign_idx" ON "winner" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "winner_entrant_idx" ON "winner" USING btree ("entrant_key");--> statement-breakpoint
CREATE INDEX "winner_change_campaign_idx" ON "winner_change" USING btree ("campaign_id","created_at");