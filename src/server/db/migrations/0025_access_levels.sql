-- What a colleague's access gives (issue 41, ADR 0049): 'full' is the access every grant gave so far
-- (tickets, decisions, bills), 'tickets' reads the tickets only, 'bills' the bills only.
ALTER TABLE "account_accesses" ADD COLUMN "level" text DEFAULT 'full' NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_accesses" ADD CONSTRAINT "account_accesses_level_check" CHECK ("level" in ('full', 'tickets', 'bills'));
