-- A trade-in decision keeps what the clinic agreed to (issue 42): the new instrument's title and its
-- price with the trade-in as they were when it was approved, so the statement card says what was
-- chosen and for how much even after the catalogue entry changes. Earlier trade-ins take the
-- catalogue's values of now, the nearest there is.
ALTER TABLE "decisions" ADD COLUMN IF NOT EXISTS "trade_in_title" text;
--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN IF NOT EXISTS "trade_in_price" numeric(12, 2);
--> statement-breakpoint
UPDATE "decisions" SET "trade_in_title" = "trade_in_instruments"."title", "trade_in_price" = "trade_in_instruments"."price_discount"
FROM "trade_in_instruments"
WHERE "decisions"."kind" = 'trade_in' AND "decisions"."trade_in_instrument_id" = "trade_in_instruments"."id" AND "decisions"."trade_in_title" IS NULL;
