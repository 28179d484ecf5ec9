DROP INDEX "runs_process_started_idx";--> statement-breakpoint
DROP INDEX "runs_client_started_idx";--> statement-breakpoint
CREATE INDEX "runs_process_started_idx" ON "runs" USING btree ("process_id","started_at","id");--> statement-breakpoint
CREATE INDEX "runs_client_started_idx" ON "runs" USING btree ("client_user_id","started_at","id");