CREATE INDEX "audit_logs_user_created_idx" ON "audit_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_process_created_idx" ON "audit_logs" USING btree ("process_id","created_at");--> statement-breakpoint
-- The audit search matches each word anywhere in an entry's own text. A trigram
-- index answers "contains" for rare words without reading every entry; the expression
-- must stay the one features/audit/service.ts searches (auditOwnText).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "audit_logs_search_trgm_idx" ON "audit_logs" USING gin ((
  "message" || ' ' || "source" || ' ' || "level" || ' ' || coalesce("user_id"::text, '') || ' ' ||
  coalesce("process_id"::text, '') || ' ' || coalesce("ip", '') || ' ' || coalesce("details"::text, '')
) gin_trgm_ops);
