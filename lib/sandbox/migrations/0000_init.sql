CREATE SCHEMA IF NOT EXISTS "sandbox";
--> statement-breakpoint
CREATE TABLE "sandbox"."account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"platform" text NOT NULL,
	"platform_id" text,
	"display_name" text NOT NULL,
	"username" text,
	"avatar_url" text,
	"capabilities" text[] NOT NULL,
	"status" text NOT NULL,
	"pause_reasons" text[],
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."contact_tags" (
	"contact_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_tags_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"status_id" text,
	"notes" text,
	"valuation" double precision,
	"assignee_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox"."events" (
	"team_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "events_team_id_seq_pk" PRIMARY KEY("team_id","seq")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."idempotency_keys" (
	"team_id" text NOT NULL,
	"key" text NOT NULL,
	"body_hash" text NOT NULL,
	"state" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_team_id_key_pk" PRIMARY KEY("team_id","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox"."members" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"avatar_url" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."messages" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"platform_id" text,
	"content" text,
	"direction" text NOT NULL,
	"account_link_id" text NOT NULL,
	"sent_by" jsonb,
	"sent_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"attachments" jsonb NOT NULL,
	"entities" jsonb NOT NULL,
	"reactions" jsonb NOT NULL,
	"platform_data" jsonb NOT NULL,
	"versions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."platforms" (
	"platform" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"capabilities" text[] NOT NULL,
	"limits" jsonb NOT NULL,
	"mutation_windows" jsonb NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"edit_times" text DEFAULT 'platform' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"contact_id" text,
	"platform" text NOT NULL,
	"platform_id" text NOT NULL,
	"username" text,
	"handle" text,
	"display_name" text,
	"avatar_url" text,
	"bio" text,
	"follower_count" integer,
	"following_count" integer,
	"verified" boolean DEFAULT false NOT NULL,
	"is_organization" boolean DEFAULT false NOT NULL,
	"profile_url" text,
	"platform_data" jsonb
);
--> statement-breakpoint
CREATE TABLE "sandbox"."settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."statuses" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."tags" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"currency" text NOT NULL,
	"allow_support_access" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"plan" text NOT NULL,
	"add_ons" text[] DEFAULT '{}'::text[] NOT NULL,
	"platforms" text[] NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."threads" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"account_link_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"contact_id" text,
	"platform" text NOT NULL,
	"platform_id" text,
	"archived" boolean DEFAULT false NOT NULL,
	"unread" boolean DEFAULT false NOT NULL,
	"syncing" boolean DEFAULT false NOT NULL,
	"activity_at" timestamp with time zone NOT NULL,
	"activity_preview" text,
	"last_message_id" text,
	"last_direction" text,
	"last_sent_at" timestamp with time zone,
	"last_preview" text,
	"own_assignee_id" text,
	"acceptance_state" text DEFAULT 'accepted' NOT NULL,
	"restrictions" text[] DEFAULT '{}'::text[] NOT NULL,
	"typing_indicators" text DEFAULT 'teamDefault' NOT NULL,
	"campaign_id" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox"."webhook_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_links_team" ON "sandbox"."account_links" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "contact_tags_tag" ON "sandbox"."contact_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "contacts_team" ON "sandbox"."contacts" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "events_created" ON "sandbox"."events" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "members_team" ON "sandbox"."members" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "messages_thread" ON "sandbox"."messages" USING btree ("thread_id","sent_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_platform_identity" ON "sandbox"."profiles" USING btree ("team_id","platform","platform_id");--> statement-breakpoint
CREATE INDEX "profiles_username" ON "sandbox"."profiles" USING btree ("team_id","platform",lower("username"));--> statement-breakpoint
CREATE INDEX "profiles_contact" ON "sandbox"."profiles" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_name" ON "sandbox"."statuses" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name" ON "sandbox"."tags" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "threads_team_activity" ON "sandbox"."threads" USING btree ("team_id","activity_at","id");--> statement-breakpoint
CREATE INDEX "threads_contact" ON "sandbox"."threads" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "threads_profile" ON "sandbox"."threads" USING btree ("team_id","account_link_id","profile_id");