CREATE TABLE "site_banner" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"is_active" boolean NOT NULL,
	"link" text,
	"image_file_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_banner" ADD CONSTRAINT "site_banner_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;
