import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --config lib/server/drizzle.config.ts` writes the inbox's migrations.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/schema.ts",
  out: "./lib/server/migrations",
  schemaFilter: ["inbox"],
});
