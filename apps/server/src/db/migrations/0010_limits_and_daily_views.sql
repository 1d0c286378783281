CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "views" ADD COLUMN "day" date GENERATED ALWAYS AS ((viewed_at AT TIME ZONE 'Europe/Berlin')::date) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_window_end_idx" ON "rate_limits" USING btree ("window_end");--> statement-breakpoint
-- Only signed-in users' views count, once per medium and day: anonymous rows and repeated ones
-- go, and media.views loses what they had added.
WITH removed AS (
	DELETE FROM "views" v
	WHERE v.user_id IS NULL
		OR EXISTS (
			SELECT 1 FROM "views" e
			WHERE e.user_id = v.user_id AND e.media_id = v.media_id AND e.day = v.day AND e.id < v.id)
	RETURNING v.media_id),
per_medium AS (SELECT media_id, count(*)::int AS n FROM removed GROUP BY media_id)
UPDATE "media" m SET "views" = greatest(m."views" - per_medium.n, 0)
FROM per_medium WHERE m.id = per_medium.media_id;--> statement-breakpoint
CREATE UNIQUE INDEX "views_user_media_day_key" ON "views" USING btree ("user_id","media_id","day");