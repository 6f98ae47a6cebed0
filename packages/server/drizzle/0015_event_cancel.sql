ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;
