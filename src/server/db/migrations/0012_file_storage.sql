-- File bytes leave the database (ADR 0025): a row names its bytes in the file store. Existing rows
-- keep theirs in "data" until the start-up move (src/server/storage/move-to-store.ts) stores them
-- and empties the column; a later migration drops it once every deployment has started once.
ALTER TABLE "files" ADD COLUMN "storage_key" text;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key");
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "data" DROP NOT NULL;
