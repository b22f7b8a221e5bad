import "server-only";

/**
 * Where a request was addressed, and whether it came from our own pages: the CSRF rule of
 * the route wrapper and the origin better-auth trusts share these two functions.
 */

/** Same-origin by the browser's own word (`Sec-Fetch-Site`), else by `Origin` against where the inbox is served. */
export function isSameOrigin(request: Request, publicUrl: string | null): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin === (publicUrl ?? requestOrigin(request));
}

/** The origin the request was addressed to, from its Host (and a proxy's `X-Forwarded-Proto`). */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const protocol = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? url.protocol.replace(":", "");
  return `${protocol}://${host}`;
}
