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
  return headersOrigin(request.headers, new URL(request.url));
}

/** The same for a page, which has the request's headers (`next/headers`) but no Request. */
export function headersOrigin(headers: Headers, url = new URL("http://localhost")): string {
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? url.host;
  const protocol = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? url.protocol.replace(":", "");
  return `${protocol}://${host}`;
}
