-- Every account is a loyalty participant (portal.md §4.7 "A user joins on registering on the site";
-- issue 22, ADR 0016 amended 2026-11-26): the separate eligibility confirmation goes, and the column
-- that held its date becomes the start of participation. Accounts that confirmed keep their date;
-- every other existing account joins now, at this migration, so nothing is credited for operations
-- paid before it. New accounts get their creation moment from the code (the default backs it up).
UPDATE "clients" SET "loyalty_eligible_at" = now() WHERE "loyalty_eligible_at" IS NULL;--> statement-breakpoint
ALTER TABLE "clients" RENAME COLUMN "loyalty_eligible_at" TO "loyalty_participant_since";--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "loyalty_participant_since" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "loyalty_participant_since" SET NOT NULL;
