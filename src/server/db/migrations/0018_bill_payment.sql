-- Paying a bill from the phone (issue 28): the back office's own purpose text and VAT line for the
-- payment QR (null: the default purpose, no VAT part), and when the clinic said it paid ('Я оплатил';
-- null: not said, or the back office has set the status since). Hand-written: colleagues' 0012–0017
-- land in parallel, and plain ADD COLUMNs merge in any order.
ALTER TABLE "bills" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "vat" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payment_reported_at" timestamp with time zone;
