CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"preview" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link_preview" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link_preview_removed" boolean DEFAULT false NOT NULL;