-- The ticket a notification is about, when it is about one: the list, the bell and the home page
-- link it there. A ticket deleted later leaves the notification, without its link.
ALTER TABLE "notifications" ADD COLUMN "ticket_id" integer;
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;
