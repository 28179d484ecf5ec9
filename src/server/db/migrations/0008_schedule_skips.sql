ALTER TABLE "schedules" ADD COLUMN "shortest_gap_minutes" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "last_skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "last_skip_reason" text;