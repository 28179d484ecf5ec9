DROP INDEX "enquiries_created_idx";--> statement-breakpoint
CREATE INDEX "enquiries_name_trgm_idx" ON "enquiries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiries_email_trgm_idx" ON "enquiries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiries_company_trgm_idx" ON "enquiries" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiries_message_trgm_idx" ON "enquiries" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "enquiries_interest_trgm_idx" ON "enquiries" USING gin ("interest" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "run_rollups_week_process_idx" ON "run_rollups" USING btree ((date_trunc('week', "day"::timestamp)::date),"process_id");--> statement-breakpoint
CREATE INDEX "run_rollups_month_process_idx" ON "run_rollups" USING btree ((date_trunc('month', "day"::timestamp)::date),"process_id");--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at","id");