ALTER TABLE "sandbox"."messages" ADD COLUMN "unsettled" text;--> statement-breakpoint
ALTER TABLE "sandbox"."messages" ADD COLUMN "settle_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox"."messages" ADD COLUMN "delivered" boolean;--> statement-breakpoint
CREATE INDEX "messages_settle" ON "sandbox"."messages" USING btree ("settle_at");