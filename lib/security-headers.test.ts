import { afterEach, describe, expect, it, vi } from "vitest";
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY, securityHeaders } from "./security-headers";

describe("securityHeaders", () => {
  it("adds Strict-Transport-Security when the public URL is https", () => {
    const headers = securityHeaders("https://inbox.example.com");
    expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers).toEqual({ ...SECURITY_HEADERS, "strict-transport-security": STRICT_TRANSPORT_SECURITY });
  });

  it("leaves it off over http and without a public URL, so localhost is never pinned to https", () => {
    for (const publicUrl of ["http://inbox.internal", "http://localhost:3000", null]) {
      expect(securityHeaders(publicUrl)).toEqual(SECURITY_HEADERS);
      expect(securityHeaders(publicUrl)).not.toHaveProperty("strict-transport-security");
    }
  });

  it("keeps the rest of the set the same either way", () => {
    for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy", "permissions-policy"]) {
      expect(securityHeaders("https://inbox.example.com")[name]).toBe(SECURITY_HEADERS[name]);
    }
  });
});

describe("the root proxy, with the configuration of the running inbox", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function proxyFor(env: Record<string, string>) {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    // A fresh module graph, so the configuration is read from this environment.
    vi.resetModules();
    const { proxy } = await import("@/proxy");
    const { NextRequest } = await import("next/server");
    return (path: string) => proxy(new NextRequest(`http://127.0.0.1:3000${path}`));
  }

  it("sends Strict-Transport-Security on pages, API answers and refusals when the public URL is https", async () => {
    const handle = await proxyFor({ INBOX_PUBLIC_URL: "https://inbox.example.com", INBOX_SECRET: "p".repeat(40) });
    for (const path of ["/login", "/api/v2/threads", "/_next/static/chunk.js", "/api/v2/tags/%FF"]) {
      expect(handle(path).headers.get("strict-transport-security"), path).toBe(STRICT_TRANSPORT_SECURITY);
    }
  });

  it("sends none for the demo on localhost", async () => {
    const handle = await proxyFor({ INBOX_LISTEN_HOST: "127.0.0.1" });
    const response = handle("/login");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});
