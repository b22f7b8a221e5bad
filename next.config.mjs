// Built with Turbopack (`next build`): a webpack build (`next build --webpack`) was heavier in
// Chromium (issue 18, cold loads before the lazy panes: login page 328 kB, inbox 521 kB in 34
// files, against Turbopack's 261 kB and 453 kB of the README's bench:ui), so it is not worth switching.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// The icons' sprite's version (components/ui/icons, app/icons.svg): what it is built from, the
// list of icons and lucide's release, so its address changes whenever its content may.
const iconsVersion = createHash("sha256")
  .update(readFileSync(new URL("./components/ui/icons.tsx", import.meta.url)))
  .update(readFileSync(createRequire(import.meta.url).resolve("lucide-react/package.json")))
  .digest("base64url")
  .slice(0, 12);

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The server compresses what Next answers (scripts/server.mjs: brotli, and routes' static files too).
  compress: false,
  env: { INBOX_ICONS_VERSION: iconsVersion },
  // No React Compiler (it was on until issue 18's last round): its memo code weighed about 5 kB of
  // the inbox's first load and 33 kB of what loads after, and bench:ui measured no difference in
  // any interaction without it (open first p95 52 → 50 ms, again 30 → 36, folder 31 → 25, reply
  // 22 → 27, j/k 36 → 34: within a run's noise). The panes that must not draw again are `memo()`
  // by hand (the list pane, its rows, the navigation, the thread pane, a message).
  // A folder that runs with `node` alone (scripts/standalone.mjs completes it after `next build`).
  output: "standalone",
  // PGlite ships wasm and data files that must load from node_modules, not a bundle. pino (on
  // Next's own list already) and prom-client load from there too, as one copy for every route:
  // so they are traced into the standalone folder, where scripts/server.mjs imports pino itself.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "prom-client"],
  // `npm test` type-checks the same sources in a step of its own before it builds (scripts/test.mjs).
  typescript: { ignoreBuildErrors: process.env.INBOX_BUILD_TYPECHECKED === "1" },
  experimental: {
    // Turbopack's chunker, told that the inbox ("/") is where people land and that a request costs
    // more than it assumes, merges the inbox's first load into few, large files (fewer headers,
    // more for brotli to share): 17 → 8 files in issue 18, 201 → 197 kB in Chromium. Merging that
    // hard used to put 70 kB more on the first pointer move, when the conversation's code loads:
    // its chunks then carried again what the merged first load held. `generateComponentChunks`
    // ships each merged chunk's parts beside it, so the runtime fetches only the parts it lacks
    // (that move stays at 182 kB). The merged chunks are named in the page's data rather than its
    // script tags, so the weight budget counts in Chromium (scripts/lib/js-budget.mjs).
    turbopackChunking: { priorityRoutes: [/^\/$/], priorityBoost: 10, requestCost: 2_000_000, minChunkSize: 300_000, maxChunkCountPerGroup: 4, generateComponentChunks: true },
    // radix-ui's one package re-exports every primitive: only those imported reach a page.
    optimizePackageImports: ["radix-ui"],
    // Next buffers request bodies for proxy.ts and silently cuts them at this size (10 MB by
    // default): a send with files may reach lib/api/messages' SEND_BODY_MAX_BYTES (about 27 MB;
    // lib/api/attachment-rules.test.ts checks the two agree).
    proxyClientMaxBodySize: "28mb",
  },
};

export default nextConfig;
