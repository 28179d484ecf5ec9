CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"user_id" uuid,
	"actor_id" uuid,
	"process_id" uuid,
	"ip" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'Client' NOT NULL,
	"company_name" text,
	"company_code" text,
	"billing_status" text DEFAULT 'pending' NOT NULL,
	"accepted_tos" boolean DEFAULT false NOT NULL,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"n8n_webhook_key" text,
	"entitlements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"billing_prefs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subscription_status" text DEFAULT 'no_subscription' NOT NULL,
	"subscription_plan" text DEFAULT 'Trial' NOT NULL,
	"current_period_end" timestamp with time zone,
	"zoho_contact_id" text,
	"zoho_subscription_id" text,
	"zoho_crm_contact_id" text,
	"zoho_books_contact_id" text,
	"zoho_desk_contact_id" text,
	"zoho_subscriptions_customer_id" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_level_source_idx" ON "audit_logs" USING btree ("level","source");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");