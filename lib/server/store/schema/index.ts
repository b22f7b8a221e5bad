/**
 * The inbox's own tables, in the Postgres schema `inbox` (./inbox), grouped by what they hold.
 * `npx drizzle-kit generate --config lib/server/store/drizzle.config.ts` reads them from here.
 */
export * from "./accounts";
export * from "./activity";
export * from "./events";
export * from "./inbox";
export * from "./routing";
export * from "./workflow";
