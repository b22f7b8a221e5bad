import { pgSchema, timestamp } from "drizzle-orm/pg-core";

/** The Postgres schema `inbox`, so the inbox's tables never meet the sandbox's. */
export const inbox = pgSchema("inbox");

/** A timestamp with its time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
