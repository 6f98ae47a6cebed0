CREATE TABLE "message_flags" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"by_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_flags_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "admin_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "flags_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_flags" ADD CONSTRAINT "message_flags_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_flags" ADD CONSTRAINT "message_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_flags_created_idx" ON "message_flags" USING btree ("created_at");--> statement-breakpoint
-- Flags given before this table existed: their time is unknown, the message's last change stands in.
INSERT INTO "message_flags" ("message_id", "user_id", "by_admin", "created_at")
SELECT m."id", f."user_id", false, m."updated_at" FROM "messages" m, unnest(m."user_flagged_by") AS f("user_id")
UNION
SELECT m."id", f."user_id", true, m."updated_at" FROM "messages" m, unnest(m."admin_flagged_by") AS f("user_id")
ON CONFLICT DO NOTHING;
