CREATE TABLE "sign_in_link_binding" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"email" text NOT NULL,
	"code" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"confirmed_browser_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_challenge" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_change" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"previous_address" text,
	"new_address" text,
	"release_after" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"undo_token_hash" text NOT NULL,
	"undo_expires_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_change_undo_token_hash_unique" UNIQUE("undo_token_hash")
);
--> statement-breakpoint
ALTER TABLE "wallet_challenge" ADD CONSTRAINT "wallet_challenge_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_change" ADD CONSTRAINT "wallet_change_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_link_binding_browser_idx" ON "sign_in_link_binding" USING btree ("browser_hash","created_at");--> statement-breakpoint
CREATE INDEX "wallet_challenge_user_idx" ON "wallet_challenge" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wallet_change_user_idx" ON "wallet_change" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_change_pending_idx" ON "wallet_change" USING btree ("release_after") WHERE "wallet_change"."released_at" is null and "wallet_change"."undone_at" is null;