CREATE TABLE "inbox"."scheduled_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"content" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"message_id" text,
	"error_code" text,
	"error_sentence" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox"."scheduled_sends" ADD CONSTRAINT "scheduled_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "inbox"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_sends_thread_idx" ON "inbox"."scheduled_sends" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "scheduled_sends_user_idx" ON "inbox"."scheduled_sends" USING btree ("user_id");