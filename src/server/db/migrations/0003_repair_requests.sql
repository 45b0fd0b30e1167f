CREATE TABLE "repair_requests" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"contact" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"pickup_date" text NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "consent_policy_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "consent_loyalty_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "owner_client_id" integer;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "guarantee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_requests" ADD CONSTRAINT "repair_requests_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_client_id_clients_id_fk" FOREIGN KEY ("owner_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;