import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --config lib/sandbox/drizzle.config.ts` writes the sandbox's migrations.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/sandbox/schema.ts",
  out: "./lib/sandbox/migrations",
  schemaFilter: ["sandbox"],
});
