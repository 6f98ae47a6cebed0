DROP TABLE "link_previews" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "share_read_receipts";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "link_preview";