-- Foreign keys name no schema ("public" removed from the generated SQL) so the same file also runs in the
-- private per-test schemas on PostgreSQL (search_path decides where the tables live).
CREATE TABLE "asset" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"cid" text,
	"upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "asset_kind_check" CHECK ("asset"."kind" in ('campaign', 'digitalgoods'))
);
--> statement-breakpoint
CREATE TABLE "campaign" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_asset_id" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"platforms" text[] NOT NULL,
	"prize_digital_goods_id" text NOT NULL,
	"copies_per_winner" integer NOT NULL,
	"winner_count" integer NOT NULL,
	"entry_rule" jsonb NOT NULL,
	"draw_mode" text NOT NULL,
	"draw_interval_minutes" integer,
	"og_image_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_status_check" CHECK ("campaign"."status" in ('draft', 'scheduled', 'live', 'ended')),
	CONSTRAINT "campaign_draw_mode_check" CHECK ("campaign"."draw_mode" in ('manual', 'everyNMinutes', 'atEnd')),
	CONSTRAINT "campaign_period_check" CHECK ("campaign"."ends_at" > "campaign"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "digital_goods" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_asset_id" text,
	"animation_asset_id" text,
	"supply" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"token_id" numeric(78, 0),
	"image_cid" text,
	"metadata_cid" text,
	"token_uri" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digital_goods_token_id_unique" UNIQUE("token_id"),
	CONSTRAINT "digital_goods_status_check" CHECK ("digital_goods"."status" in ('draft', 'published')),
	CONSTRAINT "digital_goods_supply_check" CHECK ("digital_goods"."supply" > 0)
);
--> statement-breakpoint
CREATE TABLE "watch" (
	"user_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_user_id_campaign_id_pk" PRIMARY KEY("user_id","campaign_id")
);
--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_owner_id_app_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_streamer_id_app_user_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_cover_asset_id_asset_id_fk" FOREIGN KEY ("cover_asset_id") REFERENCES "asset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_prize_digital_goods_id_digital_goods_id_fk" FOREIGN KEY ("prize_digital_goods_id") REFERENCES "digital_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_goods" ADD CONSTRAINT "digital_goods_streamer_id_app_user_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_goods" ADD CONSTRAINT "digital_goods_image_asset_id_asset_id_fk" FOREIGN KEY ("image_asset_id") REFERENCES "asset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_goods" ADD CONSTRAINT "digital_goods_animation_asset_id_asset_id_fk" FOREIGN KEY ("animation_asset_id") REFERENCES "asset"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch" ADD CONSTRAINT "watch_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch" ADD CONSTRAINT "watch_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_owner_id_idx" ON "asset" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_upload_id_uidx" ON "asset" USING btree ("upload_id") WHERE "asset"."upload_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_streamer_id_idx" ON "campaign" USING btree ("streamer_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_status_ends_at_idx" ON "campaign" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "campaign_created_at_idx" ON "campaign" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_prize_idx" ON "campaign" USING btree ("prize_digital_goods_id");--> statement-breakpoint
CREATE INDEX "digital_goods_streamer_id_idx" ON "digital_goods" USING btree ("streamer_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_campaign_id_idx" ON "watch" USING btree ("campaign_id");