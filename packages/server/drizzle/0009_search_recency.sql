DROP INDEX "messages_created_at_idx";--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");