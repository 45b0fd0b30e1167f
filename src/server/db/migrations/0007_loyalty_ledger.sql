CREATE TABLE "loyalty_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"points" integer NOT NULL,
	"cancelled_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_operations" ADD CONSTRAINT "loyalty_operations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_operations_external_id_key" ON "loyalty_operations" USING btree ("external_id");--> statement-breakpoint
CREATE TABLE "loyalty_programme_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"ends_on" timestamp with time zone,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "loyalty_state" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "loyalty_state_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "loyalty_eligible_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "kind" text DEFAULT 'credited' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "activates_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "statement_id" integer;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "operation_id" integer;--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN "target_entry_id" integer;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_statement_id_defect_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."defect_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_operation_id_loyalty_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."loyalty_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_target_entry_id_points_entries_id_fk" FOREIGN KEY ("target_entry_id") REFERENCES "public"."points_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "points_entries" SET "kind" = 'spent' WHERE "delta" < 0;--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_bill_earned_key" ON "points_entries" USING btree ("bill_id") WHERE "kind" = 'earned';--> statement-breakpoint
CREATE INDEX "points_entries_statement_idx" ON "points_entries" USING btree ("statement_id") WHERE "statement_id" IS NOT NULL;
