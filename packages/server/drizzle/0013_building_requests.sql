CREATE TABLE "building_request_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"by_office" boolean DEFAULT false NOT NULL,
	"from_status" text,
	"to_status" text,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"requester_id" uuid NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"photo_key" text,
	"photo_mime_type" text,
	"photo_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "building_request_events" ADD CONSTRAINT "building_request_events_request_id_building_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."building_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_request_events" ADD CONSTRAINT "building_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_requests" ADD CONSTRAINT "building_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "building_request_events_request_idx" ON "building_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "building_requests_requester_idx" ON "building_requests" USING btree ("requester_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "building_requests_status_idx" ON "building_requests" USING btree ("status","created_at" desc);