CREATE TABLE "sandbox"."campaign_targets" (
	"team_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"platform" text NOT NULL,
	"platform_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"stage" text NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone,
	"account_link_id" text,
	"thread_id" text,
	"contacted_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "campaign_targets_campaign_id_platform_platform_id_pk" PRIMARY KEY("campaign_id","platform","platform_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."webhook_retries" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox"."webhook_subscriptions" ADD COLUMN "format" text DEFAULT 'v2' NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_targets_due" ON "sandbox"."campaign_targets" USING btree ("team_id","stage","next_due_at");--> statement-breakpoint
CREATE INDEX "campaign_targets_thread" ON "sandbox"."campaign_targets" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "webhook_retries_due" ON "sandbox"."webhook_retries" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_retries_subscription" ON "sandbox"."webhook_retries" USING btree ("subscription_id");