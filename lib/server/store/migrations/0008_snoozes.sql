CREATE TABLE "inbox"."scheduled_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"payload" jsonb,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."thread_snoozes" (
	"thread_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"until" timestamp with time zone,
	"since" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"reason" text,
	"returned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_snoozes_thread_id_kind_pk" PRIMARY KEY("thread_id","kind")
);
--> statement-breakpoint
CREATE INDEX "scheduled_jobs_due_idx" ON "inbox"."scheduled_jobs" USING btree ("state","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_jobs_pending_key_idx" ON "inbox"."scheduled_jobs" USING btree ("key") WHERE "inbox"."scheduled_jobs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "thread_snoozes_state_idx" ON "inbox"."thread_snoozes" USING btree ("state");