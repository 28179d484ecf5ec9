ALTER TABLE "catalog_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_requests" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "catalog_requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "catalog_requests" ADD COLUMN "process_id" uuid;--> statement-breakpoint
ALTER TABLE "catalog_requests" ADD CONSTRAINT "catalog_requests_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_requests_queue_idx" ON "catalog_requests" USING btree ("status","created_at");