/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A folder that runs with `node` alone (scripts/standalone.mjs completes it after `next build`).
  output: "standalone",
  // PGlite ships wasm and data files that must load from node_modules, not a bundle. pino (on
  // Next's own list already) and prom-client load from there too, as one copy for every route:
  // so they are traced into the standalone folder, where scripts/server.mjs imports pino itself.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "prom-client"],
};

export default nextConfig;
