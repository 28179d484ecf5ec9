CREATE INDEX "runs_failed_idx" ON "runs" USING btree ("started_at","id") WHERE "runs"."ok" = false;--> statement-breakpoint
CREATE INDEX "runs_interrupted_idx" ON "runs" USING btree ("started_at","id") WHERE "runs"."state" = 'interrupted';--> statement-breakpoint
CREATE INDEX "runs_rare_trigger_idx" ON "runs" USING btree ("trigger","started_at","id") WHERE "runs"."trigger" in ('api', 'test');