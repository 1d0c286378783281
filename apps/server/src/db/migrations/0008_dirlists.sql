CREATE TABLE "dirlists" (
	"media_id" bigint PRIMARY KEY NOT NULL,
	"fn_index" text,
	"fn_zip" text,
	"fn_size" bigint,
	"fn_ziphash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dirlists" ADD CONSTRAINT "dirlists_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;