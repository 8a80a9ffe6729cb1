CREATE INDEX "app_user_created_at_idx" ON "app_user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "campaign_active_period_idx" ON "campaign" USING btree ("starts_at","ends_at") WHERE "campaign"."status" <> 'draft';--> statement-breakpoint
CREATE INDEX "chain_tx_finished_at_idx" ON "chain_tx" USING btree ("finished_at") WHERE "chain_tx"."gas_used" is not null;--> statement-breakpoint
CREATE INDEX "delivery_created_at_idx" ON "delivery" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "held_claim_created_at_idx" ON "held_claim" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "held_claim_released_at_idx" ON "held_claim" USING btree ("released_at") WHERE "held_claim"."released_at" is not null;