CREATE TABLE "inbox"."activity" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"member_id" text,
	"action" text NOT NULL,
	"thread_id" text,
	"contact_id" text,
	"message_id" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_thread_idx" ON "inbox"."activity" USING btree ("thread_id","at");--> statement-breakpoint
CREATE INDEX "activity_contact_idx" ON "inbox"."activity" USING btree ("contact_id","at");--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "inbox"."activity" USING btree ("at");