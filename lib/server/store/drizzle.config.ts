import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --config lib/server/store/drizzle.config.ts` writes the inbox's migrations.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/store/schema/index.ts",
  out: "./lib/server/store/migrations",
  schemaFilter: ["inbox"],
});
