CREATE INDEX "processes_created_idx" ON "processes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "processes_name_trgm_idx" ON "processes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "processes_description_trgm_idx" ON "processes" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "processes_webhook_trgm_idx" ON "processes" USING gin ("n8n_webhook_url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_company_name_trgm_idx" ON "users" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_company_code_trgm_idx" ON "users" USING gin ("company_code" gin_trgm_ops);