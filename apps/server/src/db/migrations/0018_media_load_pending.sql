CREATE TABLE "media_load_pending" (
	"name" text PRIMARY KEY NOT NULL,
	"statement" text NOT NULL
);
