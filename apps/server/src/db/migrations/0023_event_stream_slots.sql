CREATE UNLOGGED TABLE "open_event_stream" (
	"id" text PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL,
	"client_key" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_event_stream_client_idx" ON "open_event_stream" USING btree ("client_key","seen_at");--> statement-breakpoint
CREATE INDEX "open_event_stream_process_idx" ON "open_event_stream" USING btree ("process_id");