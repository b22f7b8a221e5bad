CREATE TABLE "inbox"."event_state" (
	"key" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."seen_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "seen_events_seen_at_idx" ON "inbox"."seen_events" USING btree ("seen_at");