/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships wasm and data files that must load from node_modules, not a bundle.
  serverExternalPackages: ["@electric-sql/pglite"],
};

export default nextConfig;
