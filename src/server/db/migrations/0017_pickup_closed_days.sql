-- Days the back office closed for pickups (PUT /api/v1/pickup/closed-days/{date}) beside the public
-- holidays the server knows itself: no courier comes, so the wizard does not offer them.
CREATE TABLE "pickup_closed_days" (
	"day" text PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
