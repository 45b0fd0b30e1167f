-- A courier's notification about a change to their day names the stop it is about, so a tap opens the
-- stop's card while the stop is still on the courier's route (and the route once it is gone).
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "stop_id" integer;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE set null ON UPDATE no action;
