ALTER TABLE "runs" ADD COLUMN "error_kind" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "error_node" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "answer_content_type" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "answer_bytes" bigint;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "answer_cut" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "answer_binary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "n8n_checked_at" timestamp with time zone;--> statement-breakpoint
-- Runs written before these columns name why they failed from what they kept, so a client
-- reads a plain text for the older ones too (shared/run-answers.ts).
UPDATE "runs" SET "error_kind" = CASE
    WHEN "confirmed_by_n8n" THEN 'execution'
    WHEN "status_code" IS NOT NULL THEN 'status'
    WHEN "error" LIKE 'No answer within %' THEN 'timeout'
    WHEN "error" LIKE 'Refused to call %' OR "error" LIKE 'Not a valid URL%'
      OR "error" LIKE 'Only http and https%' THEN 'refused'
    ELSE 'unreachable'
  END
WHERE "ok" = false AND "state" = 'finished';
