CREATE TABLE "kavo_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"phone" text,
	"last_name" text,
	"first_name" text,
	"middle_name" text,
	"city" text,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kavo_login_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kavo_identities" ADD CONSTRAINT "kavo_identities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kavo_login_flows" ADD CONSTRAINT "kavo_login_flows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kavo_identities_issuer_subject_key" ON "kavo_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "kavo_identities_client_idx" ON "kavo_identities" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "kavo_login_flows_expires_idx" ON "kavo_login_flows" USING btree ("expires_at");
