DROP INDEX "run_rollups_day_idx";--> statement-breakpoint
CREATE INDEX "run_rollups_day_process_idx" ON "run_rollups" USING btree ("day","process_id");