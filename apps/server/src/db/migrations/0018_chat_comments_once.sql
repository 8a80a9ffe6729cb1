-- Chat comments stored once per live chat (platform + broadcast), not once per campaign stream reading it
-- (decision 0173). Existing copies of one message on several streams of the same chat become one row: the
-- earliest stored, deleted if any copy was.
-- A stream now sees the chat's comments stored up to its end: an end written before the last comments of its
-- poll were (a streamed read's end took the poll's start) moves to the last of them, so no stream loses any.
UPDATE "live_stream" s SET "ended_at" = m."last"
FROM (SELECT "live_stream_id", max("created_at") AS "last" FROM "live_comment" GROUP BY 1) m
WHERE m."live_stream_id" = s."id" AND s."ended_at" < m."last";--> statement-breakpoint
ALTER TABLE "live_comment" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "live_comment" ADD COLUMN "broadcast_id" text;--> statement-breakpoint
UPDATE "live_comment" c SET "platform" = s."platform", "broadcast_id" = s."broadcast_id"
FROM "live_stream" s WHERE s."id" = c."live_stream_id";--> statement-breakpoint
UPDATE "live_comment" c SET "deleted_at" = d."deleted_at"
FROM (
  SELECT "platform", "broadcast_id", "platform_message_id", min("deleted_at") AS "deleted_at"
  FROM "live_comment" GROUP BY 1, 2, 3 HAVING count(*) > 1 AND min("deleted_at") IS NOT NULL
) d
WHERE c."platform" = d."platform" AND c."broadcast_id" = d."broadcast_id"
  AND c."platform_message_id" = d."platform_message_id" AND c."deleted_at" IS NULL;--> statement-breakpoint
DELETE FROM "live_comment" c USING (
  SELECT "id", row_number() OVER (
    PARTITION BY "platform", "broadcast_id", "platform_message_id" ORDER BY "created_at", "id"
  ) AS "copy"
  FROM "live_comment"
) k
WHERE k."id" = c."id" AND k."copy" > 1;--> statement-breakpoint
ALTER TABLE "live_comment" ALTER COLUMN "platform" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "live_comment" ALTER COLUMN "broadcast_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "live_comment" DROP CONSTRAINT "live_comment_live_stream_id_live_stream_id_fk";--> statement-breakpoint
DROP INDEX "live_comment_message_uidx";--> statement-breakpoint
DROP INDEX "live_comment_stream_time_idx";--> statement-breakpoint
ALTER TABLE "live_comment" DROP COLUMN "live_stream_id";--> statement-breakpoint
CREATE UNIQUE INDEX "live_comment_chat_message_uidx" ON "live_comment" USING btree ("platform","broadcast_id","platform_message_id");--> statement-breakpoint
CREATE INDEX "live_comment_chat_time_idx" ON "live_comment" USING btree ("platform","broadcast_id","published_at","id");--> statement-breakpoint
ALTER TABLE "live_comment" ADD CONSTRAINT "live_comment_platform_check" CHECK ("live_comment"."platform" in ('youtube', 'twitcasting'));
