CREATE TABLE "chain_tx" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"signer" text NOT NULL,
	"nonce" bigint NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"recipient_count" integer NOT NULL,
	"raw_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"tx_hashes" text[] NOT NULL,
	"gas_limit" numeric(78, 0) NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"signed_at_block" bigint NOT NULL,
	"status" text NOT NULL,
	"broadcast_count" integer DEFAULT 0 NOT NULL,
	"replacement_count" integer DEFAULT 0 NOT NULL,
	"mined_tx_hash" text,
	"block_number" bigint,
	"gas_used" numeric(78, 0),
	"revert_reason" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"broadcast_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "chain_tx_status_check" CHECK ("chain_tx"."status" in ('signed', 'broadcast', 'confirmed', 'reverted', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "delivery" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"source" text NOT NULL,
	"digital_goods_id" text,
	"token_id" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"recipient_user_id" text,
	"recipient_address" text NOT NULL,
	"campaign_id" text,
	"manual_distribution_id" text,
	"held_claim_id" text,
	"source_ref" text,
	"status" text NOT NULL,
	"chain_tx_id" text,
	"tx_hash" text,
	"block_number" bigint,
	"gas_used" numeric(78, 0),
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "delivery_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "delivery_source_check" CHECK ("delivery"."source" in ('draw', 'manual', 'admin')),
	CONSTRAINT "delivery_status_check" CHECK ("delivery"."status" in ('queued', 'submitted', 'confirmed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "follow" (
	"follower_id" text NOT NULL,
	"streamer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_follower_id_streamer_id_pk" PRIMARY KEY("follower_id","streamer_id")
);
--> statement-breakpoint
CREATE TABLE "held_claim" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"digital_goods_id" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"platform" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"display_name" text,
	"user_id" text,
	"campaign_id" text,
	"manual_distribution_id" text,
	"source_ref" text NOT NULL,
	"status" text NOT NULL,
	"delivery_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "held_claim_source_check" CHECK ("held_claim"."source" in ('draw', 'manual', 'admin')),
	CONSTRAINT "held_claim_platform_check" CHECK ("held_claim"."platform" in ('youtube', 'twitcasting', 'hanabi')),
	CONSTRAINT "held_claim_status_check" CHECK ("held_claim"."status" in ('held', 'released', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "like" (
	"user_id" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "like_user_id_target_kind_target_id_pk" PRIMARY KEY("user_id","target_kind","target_id"),
	CONSTRAINT "like_target_kind_check" CHECK ("like"."target_kind" in ('campaign', 'token'))
);
--> statement-breakpoint
CREATE TABLE "manual_distribution" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"digital_goods_id" text NOT NULL,
	"row_count" integer NOT NULL,
	"delivery_count" integer NOT NULL,
	"held_count" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "manual_distribution_status_check" CHECK ("manual_distribution"."status" in ('delivering', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"title_en" text,
	"body_en" text,
	"published_at" timestamp with time zone,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"href" text,
	"href_id" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "collection_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_digital_goods_id_digital_goods_id_fk" FOREIGN KEY ("digital_goods_id") REFERENCES "digital_goods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_recipient_user_id_app_user_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_manual_distribution_id_manual_distribution_id_fk" FOREIGN KEY ("manual_distribution_id") REFERENCES "manual_distribution"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_held_claim_id_held_claim_id_fk" FOREIGN KEY ("held_claim_id") REFERENCES "held_claim"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_chain_tx_id_chain_tx_id_fk" FOREIGN KEY ("chain_tx_id") REFERENCES "chain_tx"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow" ADD CONSTRAINT "follow_follower_id_app_user_id_fk" FOREIGN KEY ("follower_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow" ADD CONSTRAINT "follow_streamer_id_app_user_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_claim" ADD CONSTRAINT "held_claim_digital_goods_id_digital_goods_id_fk" FOREIGN KEY ("digital_goods_id") REFERENCES "digital_goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_claim" ADD CONSTRAINT "held_claim_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_claim" ADD CONSTRAINT "held_claim_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_claim" ADD CONSTRAINT "held_claim_manual_distribution_id_manual_distribution_id_fk" FOREIGN KEY ("manual_distribution_id") REFERENCES "manual_distribution"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "like" ADD CONSTRAINT "like_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_distribution" ADD CONSTRAINT "manual_distribution_streamer_id_app_user_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_distribution" ADD CONSTRAINT "manual_distribution_digital_goods_id_digital_goods_id_fk" FOREIGN KEY ("digital_goods_id") REFERENCES "digital_goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_author_id_app_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_tx_nonce_uidx" ON "chain_tx" USING btree ("chain_id","signer","nonce") WHERE "chain_tx"."status" <> 'dropped';--> statement-breakpoint
CREATE INDEX "chain_tx_status_idx" ON "chain_tx" USING btree ("status","nonce");--> statement-breakpoint
CREATE INDEX "delivery_queue_idx" ON "delivery" USING btree ("token_id","amount","next_attempt_at") WHERE "delivery"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "delivery_status_idx" ON "delivery" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "delivery_chain_tx_idx" ON "delivery" USING btree ("chain_tx_id");--> statement-breakpoint
CREATE INDEX "delivery_recipient_user_idx" ON "delivery" USING btree ("recipient_user_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_recipient_address_idx" ON "delivery" USING btree ("recipient_address");--> statement-breakpoint
CREATE INDEX "delivery_campaign_idx" ON "delivery" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "delivery_manual_idx" ON "delivery" USING btree ("manual_distribution_id");--> statement-breakpoint
CREATE INDEX "delivery_goods_idx" ON "delivery" USING btree ("digital_goods_id");--> statement-breakpoint
CREATE INDEX "follow_streamer_idx" ON "follow" USING btree ("streamer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "held_claim_source_uidx" ON "held_claim" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "held_claim_identity_idx" ON "held_claim" USING btree ("platform","platform_user_id") WHERE "held_claim"."status" = 'held';--> statement-breakpoint
CREATE INDEX "held_claim_user_idx" ON "held_claim" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "held_claim_manual_idx" ON "held_claim" USING btree ("manual_distribution_id");--> statement-breakpoint
CREATE INDEX "like_target_idx" ON "like" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "manual_distribution_streamer_idx" ON "manual_distribution" USING btree ("streamer_id","created_at");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("user_id") WHERE "notification"."is_read" = false;