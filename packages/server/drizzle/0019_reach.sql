CREATE TABLE "announcement_receipts" (
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"push_at" timestamp with time zone,
	"mail_at" timestamp with time zone,
	"in_app_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "announcement_receipts_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mail_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message_id" uuid,
	"announcement_id" uuid,
	"notification_id" uuid,
	"text" text,
	"link" text NOT NULL,
	"actor_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"dropped" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"channels" jsonb NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcement_receipts" ADD CONSTRAINT "announcement_receipts_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_receipts" ADD CONSTRAINT "announcement_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_items" ADD CONSTRAINT "mail_items_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_items_due_idx" ON "mail_items" USING btree ("due_at") WHERE "mail_items"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "mail_items_user_idx" ON "mail_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_items_message_unique" ON "mail_items" USING btree ("user_id","message_id") WHERE "mail_items"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_items_announcement_unique" ON "mail_items" USING btree ("user_id","announcement_id") WHERE "mail_items"."announcement_id" is not null and "mail_items"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_items_notification_unique" ON "mail_items" USING btree ("user_id","notification_id") WHERE "mail_items"."notification_id" is not null;--> statement-breakpoint
UPDATE "announcements" SET "sent_at" = "created_at" WHERE "sent_at" IS NULL AND "send_at" IS NULL;
