/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A folder that runs with `node` alone (scripts/standalone.mjs completes it after `next build`).
  output: "standalone",
  // PGlite ships wasm and data files that must load from node_modules, not a bundle.
  serverExternalPackages: ["@electric-sql/pglite"],
};

export default nextConfig;
