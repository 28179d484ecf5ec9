CREATE TABLE "processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"client_user_id" uuid NOT NULL,
	"n8n_webhook_url" text,
	"n8n_workflow_id" text,
	"http_method" text DEFAULT 'POST' NOT NULL,
	"webhook_auth_key" text,
	"webhook_auth_header_name" text DEFAULT 'Authorization' NOT NULL,
	"webhook_auth_use_bearer" boolean DEFAULT true NOT NULL,
	"webhook_auth_basic_user" text,
	"webhook_auth_basic_pass" text,
	"inactive_fallback_webhook_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by" uuid,
	"schedule_id" uuid,
	"target_url" text,
	"used_fallback" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"ok" boolean NOT NULL,
	"error" text,
	"body_snippet" text
);
--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processes_client_idx" ON "processes" USING btree ("client_user_id");--> statement-breakpoint
CREATE INDEX "runs_process_started_idx" ON "runs" USING btree ("process_id","started_at");--> statement-breakpoint
CREATE INDEX "runs_client_started_idx" ON "runs" USING btree ("client_user_id","started_at");