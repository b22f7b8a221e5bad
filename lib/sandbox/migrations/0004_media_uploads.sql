CREATE TABLE "sandbox"."media_uploads" (
	"media_key" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"message_id" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_name" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_uploads_message" ON "sandbox"."media_uploads" USING btree ("message_id");