-- Every draw stays public with its state, and every exclusion says why (decision 0200).
ALTER TABLE "draw" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "winner" ADD COLUMN "excluded_reason_code" text;--> statement-breakpoint
ALTER TABLE "winner" ADD COLUMN "replaced_by" text;--> statement-breakpoint
-- Failed draws get the public code of the failure the engine wrote; exclusions made before the list existed
-- were free text only, so they count as "other" with those words.
UPDATE "draw" SET "failure_code" = CASE
  WHEN "failure" LIKE 'beacon:%' THEN 'beaconRefused'
  WHEN "failure" LIKE 'entrant identity unknown:%' THEN 'entrantUnknown'
  ELSE 'other' END
WHERE "status" = 'failed';--> statement-breakpoint
UPDATE "winner" SET "excluded_reason_code" = 'other' WHERE "status" = 'excluded';--> statement-breakpoint
-- Re-draws logged before this migration name the winners they replaced in the change log.
UPDATE "winner" w SET "replaced_by" = c."details"->>'drawId'
FROM "winner_change" c
WHERE c."campaign_id" = w."campaign_id" AND c."action" = 'redraw'
  AND c."details"->'replaced' @> to_jsonb(w."id")
  AND EXISTS (SELECT 1 FROM "draw" d WHERE d."id" = c."details"->>'drawId');
