-- Decision 0061: held TwitCasting prizes are keyed by the numeric user id only (a screen id can be changed,
-- then taken by someone else). Rows held under a screen id (anything not all digits) move to the numeric id
-- when exactly one linked Hanabi user or connection is known with that screen id today.
UPDATE "held_claim" AS h
SET "platform_user_id" = known."user_id"
FROM (
  SELECT "screen_id", min("user_id") AS "user_id"
  FROM (
    SELECT "twitcasting_screen_id" AS "screen_id", "twitcasting_user_id" AS "user_id"
    FROM "app_user"
    WHERE "twitcasting_screen_id" IS NOT NULL AND "twitcasting_user_id" ~ '^[0-9]+$'
    UNION
    SELECT "screen_id", "platform_user_id"
    FROM "platform_connection"
    WHERE "platform" = 'twitcasting' AND "screen_id" IS NOT NULL AND "platform_user_id" ~ '^[0-9]+$'
  ) AS pairs
  GROUP BY "screen_id"
  HAVING count(DISTINCT "user_id") = 1
) AS known
WHERE h."platform" = 'twitcasting'
  AND h."status" = 'held'
  AND h."platform_user_id" !~ '^[0-9]+$'
  AND h."platform_user_id" = known."screen_id";
--> statement-breakpoint
-- The rest stay held but are marked `screen:<id>`: no linked identity can match them any more (release matches
-- numeric ids only, and a numeric id never starts with `screen:`), and the operator sees which handle they
-- named. Nobody can take them by taking the handle.
UPDATE "held_claim"
SET "platform_user_id" = 'screen:' || "platform_user_id"
WHERE "platform" = 'twitcasting'
  AND "status" = 'held'
  AND "platform_user_id" !~ '^[0-9]+$'
  AND "platform_user_id" NOT LIKE 'screen:%';
