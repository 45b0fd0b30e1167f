-- What a colleague's access gives (issue 41, ADR 0049): 'full' is the access every grant gave so far
-- (tickets, decisions, bills), 'tickets' reads the tickets only, 'bills' the bills only.
ALTER TABLE "account_accesses" ADD COLUMN "level" text DEFAULT 'full' NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_accesses" ADD CONSTRAINT "account_accesses_level_check" CHECK ("level" in ('full', 'tickets', 'bills'));
--> statement-breakpoint
-- An owner's invitation of a colleague who has no account yet (issue 41): the mailed link's token is
-- kept hashed; valid 7 days, revocable; accepting makes the account and gives `level`. One waiting
-- invitation per owner and address.
CREATE TABLE "access_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_client_id" integer NOT NULL,
	"email" text NOT NULL,
	"level" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_client_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_invitations_level_check" CHECK ("level" in ('full', 'tickets', 'bills'))
);
--> statement-breakpoint
ALTER TABLE "access_invitations" ADD CONSTRAINT "access_invitations_owner_client_id_clients_id_fk" FOREIGN KEY ("owner_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "access_invitations" ADD CONSTRAINT "access_invitations_accepted_client_id_clients_id_fk" FOREIGN KEY ("accepted_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "access_invitations_token_key" ON "access_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "access_invitations_waiting_key" ON "access_invitations" USING btree ("owner_client_id", lower("email")) WHERE "revoked_at" IS NULL AND "accepted_at" IS NULL;
