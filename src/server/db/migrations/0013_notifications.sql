CREATE TABLE "notification_marks" (
	"user_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"held_failures" integer DEFAULT 0 NOT NULL,
	"held_skips" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_marks_user_id_process_id_pk" PRIMARY KEY("user_id","process_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email_on_failure" boolean DEFAULT false NOT NULL,
	"email_on_skip" boolean DEFAULT false NOT NULL,
	"daily_summary" boolean DEFAULT false NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"last_summary_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_marks" ADD CONSTRAINT "notification_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_marks" ADD CONSTRAINT "notification_marks_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;