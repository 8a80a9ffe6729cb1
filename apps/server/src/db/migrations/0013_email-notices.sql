ALTER TABLE "app_user" ADD COLUMN "email_notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "mail_state" text;--> statement-breakpoint
CREATE INDEX "notification_mail_pending_idx" ON "notification" USING btree ("created_at") WHERE "notification"."mail_state" = 'pending';