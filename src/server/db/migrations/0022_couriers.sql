-- Couriers are accounts of another kind (ADR 0042): the same login, sessions, idempotency keys and
-- notifications as a clinic, and one e-mail space with clinics (the unique index on lower(email)).
-- A courier the back office switched off keeps its row (its stops name it) with the moment it was.
ALTER TABLE "clients" ADD COLUMN "kind" text DEFAULT 'clinic' NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_kind_check" CHECK ("kind" in ('clinic', 'courier'));
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "deactivated_at" timestamp with time zone;
--> statement-breakpoint
-- A courier's visit to a clinic for one ticket: a pickup or a return, planned by the back office on
-- a day and in an order, then marked by the courier (en route, done, failed). `former_courier_ids`
-- remembers whom it was taken from, so an action queued offline by that courier is told why it is refused.
CREATE TABLE "stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"courier_id" integer NOT NULL,
	"former_courier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date" text NOT NULL,
	"position" integer NOT NULL,
	"time_window" text,
	"address" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"comment" text,
	"state" text DEFAULT 'planned' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"en_route_at" timestamp with time zone,
	"eta_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stops_kind_check" CHECK ("kind" in ('pickup', 'return')),
	CONSTRAINT "stops_state_check" CHECK ("state" in ('planned', 'en_route', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "stops" ADD CONSTRAINT "stops_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stops" ADD CONSTRAINT "stops_courier_id_clients_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stops_courier_date_idx" ON "stops" USING btree ("courier_id","date","position","id");
--> statement-breakpoint
CREATE INDEX "stops_date_idx" ON "stops" USING btree ("date","courier_id");
--> statement-breakpoint
CREATE INDEX "stops_ticket_idx" ON "stops" USING btree ("ticket_id");
