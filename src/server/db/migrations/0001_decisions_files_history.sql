CREATE TABLE "decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"defect_statement_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"comment" text,
	"balls" integer DEFAULT 0 NOT NULL,
	"gift_id" integer,
	"trade_in_instrument_id" integer,
	"statement_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cost" integer NOT NULL,
	"image_file_id" integer,
	"is_available" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"ticket_id" integer,
	"description" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"client_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
CREATE TABLE "trade_in_instruments" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"list_image_file_id" integer,
	"page_image_file_id" integer,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link" text NOT NULL,
	"price_discount" numeric(12, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waybill_file_id" integer;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_defect_statement_id_defect_statements_id_fk" FOREIGN KEY ("defect_statement_id") REFERENCES "public"."defect_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decisions_statement_idx" ON "decisions" USING btree ("defect_statement_id");--> statement-breakpoint
CREATE INDEX "history_entries_ticket_idx" ON "history_entries" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "history_entries_client_idx" ON "history_entries" USING btree ("client_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");