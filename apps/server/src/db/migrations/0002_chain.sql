-- Foreign keys name no schema ("public" removed from the generated SQL) so the same file also runs in the
-- private per-test schemas on PostgreSQL (search_path decides where the tables live).
CREATE TABLE "chain_operation" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"from_address" text,
	"to_address" text,
	"amount" numeric(78, 0),
	"uri" text,
	"tx_hash" text,
	"status" text NOT NULL,
	"block_number" bigint,
	"gas_used" numeric(78, 0),
	"error" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_operation_kind_check" CHECK ("chain_operation"."kind" in ('mint', 'burn', 'transfer', 'approve', 'set_uri')),
	CONSTRAINT "chain_operation_status_check" CHECK ("chain_operation"."status" in ('submitted', 'confirmed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "chain_token" (
	"token_id" numeric(78, 0) PRIMARY KEY NOT NULL,
	"uri" text,
	"minted" numeric(78, 0) DEFAULT '0' NOT NULL,
	"burned" numeric(78, 0) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_operation" ADD CONSTRAINT "chain_operation_requested_by_app_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_operation_created_at_idx" ON "chain_operation" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chain_operation_token_id_idx" ON "chain_operation" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "chain_operation_to_address_idx" ON "chain_operation" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "chain_operation_from_address_idx" ON "chain_operation" USING btree ("from_address");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_operation_tx_hash_uidx" ON "chain_operation" USING btree ("tx_hash") WHERE "chain_operation"."tx_hash" is not null;