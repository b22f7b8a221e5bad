CREATE TABLE "inbox"."routing_assignments" (
	"thread_id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."routing_links" (
	"account_link_id" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'off' NOT NULL,
	"member_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"route_requests" boolean DEFAULT true NOT NULL,
	"last_member_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."routing_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"capacity" integer,
	"last_seen_at" timestamp with time zone,
	"last_assigned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."routing_queue" (
	"thread_id" text PRIMARY KEY NOT NULL,
	"account_link_id" text NOT NULL,
	"event_id" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "routing_queue_arrived_idx" ON "inbox"."routing_queue" USING btree ("arrived_at");