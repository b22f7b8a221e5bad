import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
]);
