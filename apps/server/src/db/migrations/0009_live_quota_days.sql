CREATE TABLE "live_quota_usage" (
	"live_stream_id" text NOT NULL,
	"quota_day" text NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "live_quota_usage_live_stream_id_quota_day_pk" PRIMARY KEY("live_stream_id","quota_day")
);
--> statement-breakpoint
ALTER TABLE "live_quota_usage" ADD CONSTRAINT "live_quota_usage_live_stream_id_live_stream_id_fk" FOREIGN KEY ("live_stream_id") REFERENCES "live_stream"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_quota_usage_day_idx" ON "live_quota_usage" USING btree ("quota_day");--> statement-breakpoint
-- What streams already spent today (their only recorded day) starts the ledger.
INSERT INTO "live_quota_usage" ("live_stream_id", "quota_day", "units") SELECT "id", "quota_day", "quota_used" FROM "live_stream" WHERE "quota_day" IS NOT NULL AND "quota_used" > 0;
