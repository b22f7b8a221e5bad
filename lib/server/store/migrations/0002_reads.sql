CREATE TABLE "inbox"."thread_reads" (
	"user_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"read_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reads_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
ALTER TABLE "inbox"."thread_reads" ADD CONSTRAINT "thread_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "inbox"."user"("id") ON DELETE cascade ON UPDATE no action;