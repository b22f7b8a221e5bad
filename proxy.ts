import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, SECURITY_HEADERS } from "@/lib/security-headers";

/**
 * Next's request proxy (the file Next 16 looks for at the root): a fresh CSP nonce per page
 * request, passed to the render through the request headers so Next and next-themes put it
 * on their inline scripts, and the security headers on every response.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  // Pages that send a visitor to the login page come back here afterwards.
  requestHeaders.set("x-return-to", `${request.nextUrl.pathname}${request.nextUrl.search}`);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Every response, static files included, carries the security headers.
  matcher: "/:path*",
};
