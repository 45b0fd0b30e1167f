CREATE TABLE "account_accesses" (
	"owner_client_id" integer NOT NULL,
	"grantee_client_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_accesses_owner_client_id_grantee_client_id_pk" PRIMARY KEY("owner_client_id","grantee_client_id")
);
--> statement-breakpoint
ALTER TABLE "account_accesses" ADD CONSTRAINT "account_accesses_owner_client_id_clients_id_fk" FOREIGN KEY ("owner_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_accesses" ADD CONSTRAINT "account_accesses_grantee_client_id_clients_id_fk" FOREIGN KEY ("grantee_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_accesses_grantee_idx" ON "account_accesses" USING btree ("grantee_client_id");