CREATE TABLE "licences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"context_path" text NOT NULL,
	"media_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identifier" text NOT NULL,
	"pool" text NOT NULL,
	"fn_nr" text NOT NULL,
	"fn_titel" text NOT NULL,
	"fn_utitel" text DEFAULT '' NOT NULL,
	"fn_paratitel" text DEFAULT '' NOT NULL,
	"fn_text" text DEFAULT '' NOT NULL,
	"fn_kurztext" text DEFAULT '' NOT NULL,
	"fn_langtext" text DEFAULT '' NOT NULL,
	"fn_adressat" text DEFAULT '' NOT NULL,
	"fn_schlag" text DEFAULT '' NOT NULL,
	"fn_typ" text DEFAULT '49' NOT NULL,
	"fn_prodjahr" text DEFAULT '' NOT NULL,
	"fn_sprache" text DEFAULT 'de' NOT NULL,
	"fn_laenge" text DEFAULT '' NOT NULL,
	"fn_sertitel" text DEFAULT '' NOT NULL,
	"fn_geb" text DEFAULT '' NOT NULL,
	"fn_produ" text DEFAULT '' NOT NULL,
	"fn_prodname" text DEFAULT '' NOT NULL,
	"fn_herausgeber" text DEFAULT '' NOT NULL,
	"fn_autor" text DEFAULT '' NOT NULL,
	"fn_bemerk" text DEFAULT '' NOT NULL,
	"fn_url" text DEFAULT '' NOT NULL,
	"fn_beigaben" text DEFAULT '' NOT NULL,
	"fn_status" text DEFAULT 'draft' NOT NULL,
	"fn_aenderung" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"teaser_image" text,
	"stars" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"geb_codes" text[] DEFAULT '{}' NOT NULL,
	"geb_paths" text[] DEFAULT '{}' NOT NULL,
	"geb_top" text[] DEFAULT '{}' NOT NULL,
	"sprache_codes" text[] DEFAULT '{}' NOT NULL,
	"adressat_codes" text[] DEFAULT '{}' NOT NULL,
	"schlag_keys" text[] DEFAULT '{}' NOT NULL,
	"subject_text" text DEFAULT '' NOT NULL,
	"popularity" integer GENERATED ALWAYS AS (stars * 20 + views) STORED NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_titel || ' ' || fn_utitel || ' ' || fn_paratitel || ' ' || fn_sertitel)), 'A') ||
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_schlag || ' ' || subject_text)), 'B') ||
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_kurztext || ' ' || fn_text)), 'C') ||
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_langtext || ' ' || fn_prodname || ' ' || fn_produ || ' ' || fn_autor || ' ' || fn_herausgeber)), 'D')) STORED NOT NULL,
	CONSTRAINT "media_status_check" CHECK ("media"."fn_status" in ('draft', 'published', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licences_context_media_key" ON "licences" USING btree ("context_path","media_id");--> statement-breakpoint
CREATE INDEX "licences_media_idx" ON "licences" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_identifier_key" ON "media" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "media_pool_fn_nr_key" ON "media" USING btree ("pool","fn_nr");--> statement-breakpoint
CREATE INDEX "media_search_vector_idx" ON "media" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "media_title_trgm_idx" ON "media" USING gin (mk_fold("fn_titel") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_geb_paths_idx" ON "media" USING gin ("geb_paths");--> statement-breakpoint
CREATE INDEX "media_sprache_codes_idx" ON "media" USING gin ("sprache_codes");--> statement-breakpoint
CREATE INDEX "media_adressat_codes_idx" ON "media" USING gin ("adressat_codes");--> statement-breakpoint
CREATE INDEX "media_schlag_keys_idx" ON "media" USING gin ("schlag_keys");--> statement-breakpoint
CREATE INDEX "media_published_newest_idx" ON "media" USING btree ("fn_aenderung","id") WHERE fn_status = 'published';--> statement-breakpoint
CREATE INDEX "media_published_popular_idx" ON "media" USING btree ("popularity","id") WHERE fn_status = 'published';--> statement-breakpoint
CREATE INDEX "media_typ_idx" ON "media" USING btree ("fn_typ");--> statement-breakpoint
CREATE INDEX "media_prodname_idx" ON "media" USING btree (lower("fn_prodname"));