DROP INDEX "mail_outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."status" = 'pending';