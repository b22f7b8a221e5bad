// The type of next.config.mjs, for the tests that read its settings (allowJs is off).
import type { NextConfig } from "next";

declare const nextConfig: NextConfig;
export default nextConfig;
