-- The entrant's identity, stored at the freeze (decision 0182). Foreign keys name no schema, as in 0001.
ALTER TABLE "draw_entrant" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "draw_entrant" ADD COLUMN "platform_user_id" text;--> statement-breakpoint
ALTER TABLE "draw_entrant" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "draw_entrant" ADD CONSTRAINT "draw_entrant_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Draws frozen before this migration and not yet revealed get their entrants' identities as the reveal used to
-- find them: a platform key names it; a linked person's key, the first comment of that person in the campaign.
-- Revealed draws keep null: their winners already hold the identity.
UPDATE "draw_entrant" e SET
  "platform" = split_part(e."entrant_key", ':', 1),
  "platform_user_id" = substr(e."entrant_key", strpos(e."entrant_key", ':') + 1)
FROM "draw" d
WHERE d."id" = e."draw_id" AND d."status" IN ('open', 'closed')
  AND split_part(e."entrant_key", ':', 1) IN ('youtube', 'twitcasting');--> statement-breakpoint
UPDATE "draw_entrant" e SET
  "platform" = f."platform", "platform_user_id" = f."author", "user_id" = f."user_id"
FROM (
  SELECT DISTINCT ON (d."id", u."id") d."id" AS "draw_id", u."id" AS "user_id", s."platform",
    c."author_platform_id" AS "author"
  FROM "draw" d
  JOIN "live_stream" s ON s."campaign_id" = d."campaign_id"
  JOIN "live_comment" c ON c."live_stream_id" = s."id"
  JOIN "app_user" u ON (s."platform" = 'youtube' AND c."author_platform_id" = u."youtube_channel_id")
    OR (s."platform" = 'twitcasting' AND c."author_platform_id" = u."twitcasting_user_id")
  WHERE d."status" IN ('open', 'closed')
  ORDER BY d."id", u."id", c."published_at", c."id"
) f
WHERE e."draw_id" = f."draw_id" AND e."entrant_key" = 'user:' || f."user_id";
