ALTER TABLE "processes" ADD COLUMN "webhook_timeout_seconds" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "processes" ADD COLUMN "webhook_auth_jwt_secret" text;--> statement-breakpoint
ALTER TABLE "processes" ADD COLUMN "input_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "confirmed_by_n8n" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "n8n_execution_id" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "inputs" jsonb;--> statement-breakpoint
CREATE INDEX "runs_following_idx" ON "runs" USING btree ("started_at") WHERE "runs"."state" = 'following';