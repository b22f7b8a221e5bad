CREATE TABLE "inbox"."saved_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"shortcut" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox"."saved_replies" ADD CONSTRAINT "saved_replies_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "inbox"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_team_shortcut_idx" ON "inbox"."saved_replies" USING btree ("shortcut") WHERE "inbox"."saved_replies"."owner_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_owner_shortcut_idx" ON "inbox"."saved_replies" USING btree ("owner_id","shortcut") WHERE "inbox"."saved_replies"."owner_id" is not null;