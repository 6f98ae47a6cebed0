CREATE TABLE "billing_plan" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"plan" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plan_single_row" CHECK ("billing_plan"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "billing_plan" ADD CONSTRAINT "billing_plan_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_flagged_idx" ON "messages" USING btree ("created_at") WHERE "messages"."deleted_at" is null and (cardinality("messages"."user_flagged_by") > 0 or cardinality("messages"."admin_flagged_by") > 0);