CREATE TABLE "link_previews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"preview" jsonb,
	"image_key" text,
	"image_type" text,
	CONSTRAINT "link_previews_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "share_read_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "message_flags" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "message_flags" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reactions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link_preview" jsonb;