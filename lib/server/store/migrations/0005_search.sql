CREATE TABLE "inbox"."message_search" (
	"message_id" text PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"direction" text NOT NULL,
	"author" text,
	"author_member_id" text,
	"sent_at" timestamp with time zone NOT NULL,
	"content" text NOT NULL,
	"words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "content")) STORED NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "message_search_words_idx" ON "inbox"."message_search" USING gin ("words");--> statement-breakpoint
CREATE INDEX "message_search_thread_idx" ON "inbox"."message_search" USING btree ("thread_id","sent_at");--> statement-breakpoint
CREATE INDEX "message_search_sent_at_idx" ON "inbox"."message_search" USING btree ("sent_at");