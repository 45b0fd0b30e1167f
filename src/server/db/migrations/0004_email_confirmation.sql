ALTER TABLE "clients" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts from before the rule: registered with an e-mailed code or password, or opened by the back office; none is asked again.
UPDATE "clients" SET "email_confirmed_at" = "created_at";
