import type { Config } from "tailwindcss";

/*
 * Tailwind 4 is CSS-first: the theme tokens, dark variant and animations live in
 * app/globals.css, which loads this file with `@config`. It only pins where class
 * names are scanned, so nothing outside the app's own source ends up in the build.
 */
const config: Config = {
  content: ["./app/**/*.{ts,tsx,mdx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
};

export default config;
