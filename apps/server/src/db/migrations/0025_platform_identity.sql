CREATE TABLE "platform_identity" (
	"platform" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"user_id" text NOT NULL,
	"screen_id" text,
	"display_name" text,
	"image_url" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_identity_platform_platform_user_id_pk" PRIMARY KEY("platform","platform_user_id"),
	CONSTRAINT "platform_identity_platform_check" CHECK ("platform_identity"."platform" in ('youtube', 'twitcasting'))
);
--> statement-breakpoint
ALTER TABLE "platform_identity" ADD CONSTRAINT "platform_identity_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_identity_user_platform_uidx" ON "platform_identity" USING btree ("user_id","platform");--> statement-breakpoint
-- Every linked account on app_user becomes a row (decision 0228). The columns' partial unique indexes already
-- kept each account on at most one user, so the primary key cannot refuse a row. Linked since: the platform
-- connection's creation where one exists, else the user's last change (the columns kept no time of their own).
INSERT INTO "platform_identity" ("platform", "platform_user_id", "user_id", "screen_id", "display_name", "image_url", "linked_at", "updated_at")
SELECT 'youtube', u."youtube_channel_id", u."id", NULL, u."youtube_title", u."youtube_thumbnail_url",
	coalesce(c."created_at", u."updated_at"), u."updated_at"
FROM "app_user" u
LEFT JOIN "platform_connection" c ON c."user_id" = u."id" AND c."platform" = 'youtube'
WHERE u."youtube_channel_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "platform_identity" ("platform", "platform_user_id", "user_id", "screen_id", "display_name", "image_url", "linked_at", "updated_at")
SELECT 'twitcasting', u."twitcasting_user_id", u."id", u."twitcasting_screen_id", u."twitcasting_name", u."twitcasting_image_url",
	coalesce(c."created_at", u."updated_at"), u."updated_at"
FROM "app_user" u
LEFT JOIN "platform_connection" c ON c."user_id" = u."id" AND c."platform" = 'twitcasting'
WHERE u."twitcasting_user_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "app_user_youtube_channel_id_uidx";--> statement-breakpoint
DROP INDEX "app_user_twitcasting_user_id_uidx";--> statement-breakpoint
ALTER TABLE "app_user" DROP COLUMN "youtube_channel_id";--> statement-breakpoint
ALTER TABLE "app_user" DROP COLUMN "youtube_title";--> statement-breakpoint
ALTER TABLE "app_user" DROP COLUMN "youtube_thumbnail_url";--> statement-breakpoint
ALTER TABLE "app_user" DROP COLUMN "twitcasting_user_id";--> statement-breakpoint
ALTER TABLE "app_user" DROP COLUMN "twitcasting_screen_id";--> statement-breakpoint
ALTER TABLE "app_user" DROP COLUMN "twitcasting_name";--> statement-breakpoint
ALTER TABLE "app_user" DROP COLUMN "twitcasting_image_url";
