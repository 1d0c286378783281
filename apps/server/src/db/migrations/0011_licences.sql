CREATE TABLE "code_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pool" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"media_ids" bigint[],
	"whole_pool" boolean DEFAULT false NOT NULL,
	"mediathek_id" bigint,
	"valid_from" date,
	"valid_until" date,
	"rights" text DEFAULT 'stream' NOT NULL,
	"uses" integer,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"code_hash" text NOT NULL,
	"redeemed_by" bigint,
	"redeemed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_uses" (
	"user_id" bigint NOT NULL,
	"media_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"organisation_id" bigint,
	"licence_id" bigint,
	CONSTRAINT "media_uses_user_id_media_id_kind_day_pk" PRIMARY KEY("user_id","media_id","kind","day"),
	CONSTRAINT "media_uses_kind_check" CHECK ("media_uses"."kind" in ('play', 'download'))
);
--> statement-breakpoint
CREATE TABLE "mediathek_media" (
	"mediathek_id" bigint NOT NULL,
	"media_id" bigint NOT NULL,
	CONSTRAINT "mediathek_media_mediathek_id_media_id_pk" PRIMARY KEY("mediathek_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "mediatheken" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mediatheken_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pool" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"school_number" text,
	"district" text DEFAULT '' NOT NULL,
	"context_path" text,
	"pool" text,
	"media_centre_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_kind_check" CHECK ("organisations"."kind" in ('school', 'media_centre', 'producer'))
);
--> statement-breakpoint
DROP INDEX "licences_context_media_key";--> statement-breakpoint
ALTER TABLE "licences" ALTER COLUMN "media_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "licensee_organisation_id" bigint;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "licensee_user_id" bigint;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "pool" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "mediathek_id" bigint;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "grantor_pool" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "rights" text DEFAULT 'stream' NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "uses" integer;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "remaining" integer;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "granted_by" bigint;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "open_access" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation_id" bigint;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_mediathek_id_mediatheken_id_fk" FOREIGN KEY ("mediathek_id") REFERENCES "public"."mediatheken"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uses" ADD CONSTRAINT "media_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uses" ADD CONSTRAINT "media_uses_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uses" ADD CONSTRAINT "media_uses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uses" ADD CONSTRAINT "media_uses_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediathek_media" ADD CONSTRAINT "mediathek_media_mediathek_id_mediatheken_id_fk" FOREIGN KEY ("mediathek_id") REFERENCES "public"."mediatheken"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediathek_media" ADD CONSTRAINT "mediathek_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_media_centre_id_organisations_id_fk" FOREIGN KEY ("media_centre_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_batches_pool_idx" ON "code_batches" USING btree ("pool","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "codes_hash_key" ON "codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "codes_batch_idx" ON "codes" USING btree ("batch_id","number");--> statement-breakpoint
CREATE INDEX "media_uses_organisation_idx" ON "media_uses" USING btree ("organisation_id","day");--> statement-breakpoint
CREATE INDEX "mediathek_media_media_idx" ON "mediathek_media" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mediatheken_path_key" ON "mediatheken" USING btree ("path");--> statement-breakpoint
CREATE INDEX "mediatheken_pool_idx" ON "mediatheken" USING btree ("pool");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_school_number_key" ON "organisations" USING btree ("school_number") WHERE school_number IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_context_key" ON "organisations" USING btree ("context_path") WHERE context_path IS NOT NULL;--> statement-breakpoint
CREATE INDEX "organisations_media_centre_idx" ON "organisations" USING btree ("media_centre_id");--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_licensee_organisation_id_organisations_id_fk" FOREIGN KEY ("licensee_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_licensee_user_id_users_id_fk" FOREIGN KEY ("licensee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_mediathek_id_mediatheken_id_fk" FOREIGN KEY ("mediathek_id") REFERENCES "public"."mediatheken"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_parent_id_licences_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licences_organisation_idx" ON "licences" USING btree ("licensee_organisation_id");--> statement-breakpoint
CREATE INDEX "licences_user_idx" ON "licences" USING btree ("licensee_user_id");--> statement-breakpoint
CREATE INDEX "licences_pool_idx" ON "licences" USING btree ("pool");--> statement-breakpoint
CREATE INDEX "licences_mediathek_idx" ON "licences" USING btree ("mediathek_id");--> statement-breakpoint
CREATE INDEX "licences_grantor_idx" ON "licences" USING btree ("grantor_pool","created_at");--> statement-breakpoint
CREATE INDEX "licences_parent_idx" ON "licences" USING btree ("parent_id");--> statement-breakpoint
-- The licences so far named a media centre's context path: each path becomes a media centre,
-- each row its licence of one medium, shared by the medium's producer.
INSERT INTO "organisations" ("kind", "name", "context_path", "district")
SELECT DISTINCT 'media_centre', "context_path", "context_path", split_part("context_path", '/', 2)
FROM "licences" WHERE "context_path" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "licences" l SET
	"licensee_organisation_id" = o."id",
	"grantor_pool" = m."pool",
	"origin" = 'share'
FROM "organisations" o, "media" m
WHERE o."context_path" = l."context_path" AND m."id" = l."media_id";--> statement-breakpoint
ALTER TABLE "licences" ALTER COLUMN "grantor_pool" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ALTER COLUMN "origin" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" DROP COLUMN "context_path";--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_one_licensee" CHECK (num_nonnulls("licences"."licensee_organisation_id", "licences"."licensee_user_id") = 1);--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_one_scope" CHECK (num_nonnulls("licences"."media_id", "licences"."pool", "licences"."mediathek_id") = 1);--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_rights_check" CHECK ("licences"."rights" in ('stream', 'download'));--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_origin_check" CHECK ("licences"."origin" in ('share', 'code', 'assignment', 'purchase'));--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_remaining_check" CHECK ("licences"."remaining" >= 0);--> statement-breakpoint
-- Search answers show open media and Mediathek contents: their changes move the catalogue
-- version too (migration 0004).
DROP TRIGGER "media_catalogue_version" ON "media";--> statement-breakpoint
CREATE TRIGGER media_catalogue_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF
    identifier, pool, fn_nr, fn_titel, fn_utitel, fn_paratitel, fn_text, fn_kurztext, fn_langtext,
    fn_adressat, fn_schlag, fn_typ, fn_prodjahr, fn_sprache, fn_laenge, fn_sertitel, fn_geb,
    fn_produ, fn_prodname, fn_herausgeber, fn_autor, fn_bemerk, fn_url, fn_beigaben, fn_status,
    fn_aenderung, created_at, teaser_image, open_access, geb_codes, geb_paths, geb_top,
    sprache_codes, adressat_codes, schlag_keys, subject_text
  ON media FOR EACH STATEMENT EXECUTE FUNCTION mk_bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER mediathek_media_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON mediathek_media FOR EACH STATEMENT EXECUTE FUNCTION mk_bump_catalogue_version();--> statement-breakpoint
CREATE TRIGGER mediatheken_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON mediatheken FOR EACH STATEMENT EXECUTE FUNCTION mk_bump_catalogue_version();
