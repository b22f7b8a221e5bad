CREATE TABLE "inbox"."routing_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"trigger" text NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stop_after" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."rule_work" (
	"event_id" text PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"object_id" text NOT NULL,
	"thread_id" text,
	"message_id" text,
	"done" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "routing_rules_position_idx" ON "inbox"."routing_rules" USING btree ("position");--> statement-breakpoint
CREATE INDEX "rule_work_arrived_idx" ON "inbox"."rule_work" USING btree ("arrived_at");