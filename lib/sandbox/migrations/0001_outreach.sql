CREATE TABLE "sandbox"."campaign_lists" (
	"campaign_id" text NOT NULL,
	"list_id" text NOT NULL,
	"exclude" boolean NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "campaign_lists_campaign_id_list_id_pk" PRIMARY KEY("campaign_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."campaign_steps" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"rank" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"campaign_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"is_migrated_to_v2" boolean DEFAULT true NOT NULL,
	"targets_count" integer DEFAULT 0 NOT NULL,
	"estimated_targets" integer DEFAULT 0 NOT NULL,
	"contacted_count" integer DEFAULT 0 NOT NULL,
	"replies_count" integer DEFAULT 0 NOT NULL,
	"hourly_message_rate" integer NOT NULL,
	"schedule_timezone" text NOT NULL,
	"schedule_hours" jsonb NOT NULL,
	"custom_variables" jsonb NOT NULL,
	"account_link_ids" text[] NOT NULL,
	"automations" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"last_started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"list_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"total_count" integer,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"added_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"rate" integer NOT NULL,
	"status_since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."outreach_columns" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"list_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."outreach_leads" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"list_id" text NOT NULL,
	"platform" text NOT NULL,
	"platform_id" text NOT NULL,
	"external_id" text,
	"document_id" text,
	"display_name" text,
	"username" text,
	"handle" text,
	"image" text,
	"bio" text,
	"location" text,
	"profile_url" text,
	"website_url" text,
	"website_domain" text,
	"verified" text NOT NULL,
	"profile_type" text,
	"is_protected" boolean NOT NULL,
	"follower_count" integer,
	"following_count" integer,
	"post_count" integer,
	"engagement_count" integer,
	"listed_count" integer,
	"platform_created_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_updated_at" timestamp with time zone,
	"last_enriched_at" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	"source" text,
	"confidence" double precision NOT NULL,
	"account_status" text NOT NULL,
	"platform_data" jsonb NOT NULL,
	"tag_ids" text[] NOT NULL,
	"status_id" text,
	"valuation" double precision,
	"notes" text,
	"assignee_id" text,
	"threads" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"stage" text NOT NULL,
	"account_link_id" text,
	"thread_id" text,
	"reachable" boolean NOT NULL,
	"last_contacted_at" timestamp with time zone,
	"last_replied_at" timestamp with time zone,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."outreach_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"icon" text,
	"color" text,
	"description" text,
	"profiles_count" integer DEFAULT 0 NOT NULL,
	"reachable_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."outreach_settings" (
	"team_id" text PRIMARY KEY NOT NULL,
	"import_queue_frozen" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "campaign_lists_list" ON "sandbox"."campaign_lists" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "campaign_steps_campaign" ON "sandbox"."campaign_steps" USING btree ("campaign_id","campaign_version","rank");--> statement-breakpoint
CREATE INDEX "campaigns_team" ON "sandbox"."campaigns" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "import_jobs_list" ON "sandbox"."import_jobs" USING btree ("team_id","list_id","id");--> statement-breakpoint
CREATE INDEX "import_jobs_status" ON "sandbox"."import_jobs" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "outreach_columns_list" ON "sandbox"."outreach_columns" USING btree ("list_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "outreach_leads_person" ON "sandbox"."outreach_leads" USING btree ("list_id","platform","platform_id");--> statement-breakpoint
CREATE INDEX "outreach_leads_team_person" ON "sandbox"."outreach_leads" USING btree ("team_id","platform","platform_id");--> statement-breakpoint
CREATE INDEX "outreach_leads_team_username" ON "sandbox"."outreach_leads" USING btree ("team_id",lower("username"));--> statement-breakpoint
CREATE INDEX "outreach_leads_team_external" ON "sandbox"."outreach_leads" USING btree ("team_id","external_id");--> statement-breakpoint
CREATE INDEX "outreach_leads_followers" ON "sandbox"."outreach_leads" USING btree ("list_id",coalesce("follower_count", -1),"id");--> statement-breakpoint
CREATE INDEX "outreach_leads_following" ON "sandbox"."outreach_leads" USING btree ("list_id",coalesce("following_count", -1),"id");--> statement-breakpoint
CREATE INDEX "outreach_leads_posts" ON "sandbox"."outreach_leads" USING btree ("list_id",coalesce("post_count", -1),"id");--> statement-breakpoint
CREATE INDEX "outreach_leads_valuation" ON "sandbox"."outreach_leads" USING btree ("list_id",coalesce("valuation", '-Infinity'::float8),"id");--> statement-breakpoint
CREATE INDEX "outreach_leads_display_name" ON "sandbox"."outreach_leads" USING btree ("list_id",(coalesce("display_name", '') collate "C"),"id");--> statement-breakpoint
CREATE INDEX "outreach_leads_username" ON "sandbox"."outreach_leads" USING btree ("list_id",(coalesce("username", '') collate "C"),"id");--> statement-breakpoint
CREATE INDEX "outreach_leads_location" ON "sandbox"."outreach_leads" USING btree ("list_id",(coalesce("location", '') collate "C"),"id");--> statement-breakpoint
CREATE INDEX "outreach_leads_created" ON "sandbox"."outreach_leads" USING btree ("list_id","created_at","id");--> statement-breakpoint
CREATE INDEX "outreach_leads_last_active" ON "sandbox"."outreach_leads" USING btree ("list_id",coalesce("last_active_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "outreach_leads_last_contacted" ON "sandbox"."outreach_leads" USING btree ("list_id",coalesce("last_contacted_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "outreach_lists_team" ON "sandbox"."outreach_lists" USING btree ("team_id","id");