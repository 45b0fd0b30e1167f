-- Points can pass 2^31 (issue 25 §5): an operation of 500 lines of 99 999 999.99 earns 2.5e9.
-- Balances are summed in the server, so only the stored amounts widen; bigint read as a JS number
-- (drizzle mode 'number') stays exact below 2^53.
ALTER TABLE "points_entries" ALTER COLUMN "delta" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "loyalty_operations" ALTER COLUMN "points" SET DATA TYPE bigint;
