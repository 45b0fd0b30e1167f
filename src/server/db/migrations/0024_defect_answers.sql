-- The service centre's answer to a clinic's 'Обсудить' (POST /api/v1/defects/{id}/answers): shown on
-- the statement under the question it answers (the discussion decision), which opens it for a decision again.
CREATE TABLE IF NOT EXISTS "defect_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"defect_statement_id" integer NOT NULL,
	"decision_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "defect_answers" ADD CONSTRAINT "defect_answers_defect_statement_id_fk" FOREIGN KEY ("defect_statement_id") REFERENCES "public"."defect_statements"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "defect_answers" ADD CONSTRAINT "defect_answers_decision_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."decisions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "defect_answers_statement_idx" ON "defect_answers" USING btree ("defect_statement_id","id");
