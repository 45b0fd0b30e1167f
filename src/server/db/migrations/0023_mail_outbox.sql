-- E-mail goes through the deliveries outbox (ADR 0045): a row's kind for the logs and its sealed
-- message (a code or a link is a secret: encrypted at rest, cleared once the row is finished).
ALTER TABLE "notification_deliveries" ADD COLUMN IF NOT EXISTS "mail_kind" text;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN IF NOT EXISTS "mail_body" text;--> statement-breakpoint
-- 'Дублировать уведомления на e-mail', off until the clinic turns it on.
ALTER TABLE "clients" ADD COLUMN IF NOT EXISTS "notify_by_email" boolean DEFAULT false NOT NULL;
