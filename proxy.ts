import { NextResponse, type NextRequest } from "next/server";
import { malformedApiPath, unroutableApiRequest } from "@/lib/api-path-guard";
import { contentSecurityPolicy, securityHeaders } from "@/lib/security-headers";
import { config as inboxConfig } from "@/lib/server/runtime/env";

/**
 * Next's request proxy (the file Next 16 looks for at the root): a fresh CSP nonce per page
 * request, passed to the render through the request headers so Next and next-themes put it
 * on their inline scripts, and the security headers on every response. An API path that Next
 * could not decode is answered here, before Next tries (and fails with a bare 500); so is an
 * API request no route takes, which Next would answer without the spec's error body.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = securityHeaders(inboxConfig().publicUrl);
  const refusal = malformedApiPath(request.nextUrl.pathname) ?? unroutableApiRequest(request.method, request.nextUrl.pathname);
  if (refusal) {
    refusal.headers.set("content-security-policy", csp);
    for (const [name, value] of Object.entries(headers)) refusal.headers.set(name, value);
    return refusal;
  }
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  // Pages that send a visitor to the login page come back here afterwards.
  requestHeaders.set("x-return-to", `${request.nextUrl.pathname}${request.nextUrl.search}`);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Every response, static files included, carries the security headers.
  matcher: "/:path*",
};
