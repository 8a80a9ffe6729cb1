CREATE TABLE "analytics_live_quarter" (
	"campaign_id" text NOT NULL,
	"platform" text NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"entrants" integer DEFAULT 0 NOT NULL,
	"eligible" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_live_quarter_campaign_id_platform_quarter_pk" PRIMARY KEY("campaign_id","platform","quarter")
);
--> statement-breakpoint
CREATE TABLE "analytics_summary_state" (
	"name" text PRIMARY KEY NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_live_quarter" ADD CONSTRAINT "analytics_live_quarter_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_live_quarter_quarter_idx" ON "analytics_live_quarter" USING btree ("quarter");