DROP INDEX "licences_organisation_idx";--> statement-breakpoint
DROP INDEX "licences_user_idx";--> statement-breakpoint
CREATE INDEX "licences_organisation_media_idx" ON "licences" USING btree ("licensee_organisation_id","media_id");--> statement-breakpoint
CREATE INDEX "licences_user_media_idx" ON "licences" USING btree ("licensee_user_id","media_id");