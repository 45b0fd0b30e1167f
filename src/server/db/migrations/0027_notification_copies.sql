-- A colleague's own copy of the owner's notification, as their access level allows (issue 41, ADR 0054):
-- `copy_of` names the owner's notification, and one copy per colleague makes the fan-out idempotent.
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "copy_of" integer;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_copy_of_notifications_id_fk" FOREIGN KEY ("copy_of") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_copy_key" ON "notifications" USING btree ("copy_of","client_id");
