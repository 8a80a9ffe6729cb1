ALTER TABLE "draw" ADD COLUMN "record_tx_hash" text;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "record_chain_id" integer;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "record_registry" text;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "record_block" bigint;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "record_block_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "record_number" integer;--> statement-breakpoint
ALTER TABLE "draw" ADD COLUMN "sealed_secret" text;