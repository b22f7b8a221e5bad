import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * `lib/server` holds the token, the database and the sessions: each of its modules imports
 * "server-only", so a client component that reaches one fails the build instead of shipping it.
 * Tests, test helpers and what drizzle-kit loads in plain Node are the exceptions.
 */
const serverOnly = {
  meta: { type: "problem", messages: { missing: 'Modules in lib/server start with `import "server-only";`.' }, schema: [] },
  create(context) {
    return {
      Program(program) {
        const imports = program.body.some((node) => node.type === "ImportDeclaration" && node.source.value === "server-only");
        if (!imports) context.report({ node: program, messageId: "missing" });
      },
    };
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Flat config does not read .gitignore: generated and installed folders are listed here.
  globalIgnores([
    "node_modules/**",
    ".next/**",
    ".data/**",
    "out/**",
    "coverage/**",
    "test-results/**",
    "reports/**",
    "playwright-report/**",
    "next-env.d.ts",
    ".tools/**",
  ]),
  {
    files: ["lib/server/**/*.ts"],
    ignores: ["lib/server/**/*.test.ts", "lib/server/testing/**", "lib/server/store/schema/**", "lib/server/store/drizzle.config.ts"],
    plugins: { inbox: { rules: { "server-only": serverOnly } } },
    rules: { "inbox/server-only": "error" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
]);
