/**
 * The security headers of every response, in one place: the root `proxy.ts` sets them on
 * every response, with a per-request CSP nonce.
 *
 * `Strict-Transport-Security` is sent only when the inbox's public URL (`INBOX_PUBLIC_URL`) is
 * https: for two years, subdomains included, browsers then refuse plain http to that host. It
 * is left off otherwise, so a demo on `localhost` never pins every local port to https. The
 * proxy reads the URL from the configuration at request time (lib/server/runtime/env), not from
 * next.config, whose headers are frozen into the build.
 *
 * The CSP is as strict as Next allows: scripts only with the request's nonce (and what they
 * load, `strict-dynamic`); styles inline are allowed because radix positions popovers with
 * style attributes; images may come from any https host because platform avatars and media
 * live on the platforms' CDNs. Development adds `unsafe-eval`, which React's dev build needs.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** Every response's headers for an inbox served at `publicUrl` (null: each request's own origin). */
export function securityHeaders(publicUrl: string | null): Record<string, string> {
  if (!publicUrl?.startsWith("https:")) return SECURITY_HEADERS;
  return { ...SECURITY_HEADERS, "strict-transport-security": STRICT_TRANSPORT_SECURITY };
}

export function contentSecurityPolicy(nonce: string | null, development = false): string {
  const scripts = nonce
    ? `'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`
    : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
