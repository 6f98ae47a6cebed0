DROP INDEX "conversations_channel_name_unique";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "csrf_binding" text;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_visible_channel_name_unique" ON "conversations" USING btree (lower("name")) WHERE "conversations"."type" = 'channel' and not "conversations"."admin_hidden";