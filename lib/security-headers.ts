/**
 * The security headers of every response, in one place: the root `proxy.ts` sets them on
 * every response, with a per-request CSP nonce.
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
