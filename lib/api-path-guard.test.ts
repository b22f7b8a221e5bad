import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { errorBody } from "@/lib/api/error-schemas";
import { proxy } from "@/proxy";
import { malformedApiPath, unroutableApiRequest } from "./api-path-guard";

describe("malformedApiPath (the root proxy.ts, before Next decodes a route's segments)", () => {
  it("answers 400 invalidRequest with the spec's body for a malformed path in every /api route family", async () => {
    const paths = [
      "/api/v2/tags/%FF",
      "/api/v2/tags/%",
      "/api/v2/contacts/con1/tags/%E0%A4%A",
      "/api/v2/statuses/%00",
      "/api/inbox/users/%FF/password",
      "/api/sandbox/threads/%E0/typing",
      "/api/auth/%FF",
      "/api/events/%",
      "/api/presence%FF",
      "/api/settings/%00",
      "/api/webhooks/%C0",
      "/api/health/%",
      "/api/%FF",
    ];
    for (const path of paths) {
      const response = malformedApiPath(path);
      expect(response, path).not.toBeNull();
      expect(response!.status).toBe(400);
      expect(response!.headers.get("content-type")).toContain("application/json");
      const body = errorBody.parse(await response!.json());
      expect(body).toMatchObject({ code: "invalidRequest", details: null });
      expect(body.message).toBeTruthy();
      expect(body.requestId).toMatch(/^inbox[0-9a-f]{32}$/);
      expect(response!.headers.get("x-request-id")).toBe(body.requestId);
    }
  });

  it("lets well-formed API paths and every page through, malformed or not (pages are Next's own)", () => {
    for (const path of ["/api/v2/tags/Hot%20lead", "/api/v2/threads/thr1", "/api/health", "/inbox/%FF", "/apix/%FF", "/", "/_next/static/chunks/a.js"]) {
      expect(malformedApiPath(path), path).toBeNull();
    }
  });
});

describe("unroutableApiRequest (the root proxy.ts, for what no route of lib/api/inbox-endpoints takes)", () => {
  it("answers 405 methodNotAllowed with the spec's body and Allow for a method the path's route file does not export", async () => {
    const cases = [
      ["DELETE", "/api/inbox/counts", "GET, HEAD, OPTIONS"],
      ["PUT", "/api/health", "GET, HEAD, OPTIONS"],
      ["PATCH", "/api/auth/sign-in/email", "GET, HEAD, OPTIONS, POST"],
      ["GET", "/api/webhooks", "OPTIONS, POST"],
      ["HEAD", "/api/presence", "OPTIONS, POST"],
      ["POST", "/api/inbox/users/usr1", "DELETE, OPTIONS, PATCH"],
      ["GET", "/api/inbox/users/usr1/password", "OPTIONS, PUT"],
      ["PROPFIND", "/api/sandbox/_sandbox/faults", "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT"],
      // Methods Next does not know, to which it answers an empty 400.
      ["TRACE", "/api/v2/threads", "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT"],
      ["PROPFIND", "/api/settings", "GET, HEAD, OPTIONS, PATCH"],
    ] as const;
    for (const [method, path, allow] of cases) {
      const response = unroutableApiRequest(method, path);
      expect(response?.status, `${method} ${path}`).toBe(405);
      expect(response!.headers.get("allow")).toBe(allow);
      expect(response!.headers.get("content-type")).toContain("application/json");
      const body = errorBody.parse(await response!.json());
      expect(body).toMatchObject({ code: "methodNotAllowed", message: `${method} is not allowed on ${path}.`, details: { allow: allow.split(", ") } });
      expect(body.requestId).toMatch(/^inbox[0-9a-f]{32}$/);
      expect(response!.headers.get("x-request-id")).toBe(body.requestId);
    }
  });

  it("lets through a method the route takes, HEAD wherever GET goes, and OPTIONS everywhere (Next answers 204 with Allow)", () => {
    const cases = [
      ["GET", "/api/inbox/counts"],
      ["HEAD", "/api/inbox/counts"],
      ["OPTIONS", "/api/inbox/counts"],
      ["OPTIONS", "/api/webhooks"],
      ["POST", "/api/webhooks"],
      ["POST", "/api/auth/sign-in/email"],
      ["GET", "/api/auth/get-session"],
      ["PUT", "/api/inbox/users/usr1/password"],
      ["PATCH", "/api/v2/threads/thr1"],
      ["DELETE", "/api/v2/contacts/con1/tags/Hot%20lead"],
      ["PUT", "/api/v2/nowhere"],
      ["DELETE", "/api/sandbox/_sandbox/faults"],
    ] as const;
    for (const [method, path] of cases) expect(unroutableApiRequest(method, path), `${method} ${path}`).toBeNull();
  });

  it("answers 404 notFound with the spec's body for an /api path no route serves, whatever the method", async () => {
    for (const [method, path] of [["GET", "/api"], ["GET", "/api/nope"], ["POST", "/api/v2"], ["OPTIONS", "/api/auth"], ["DELETE", "/api/health/x"]] as const) {
      const response = unroutableApiRequest(method, path);
      expect(response?.status, `${method} ${path}`).toBe(404);
      expect(response!.headers.get("allow")).toBeNull();
      const body = errorBody.parse(await response!.json());
      expect(body).toMatchObject({ code: "notFound", message: `No endpoint at ${path}.`, details: null });
      expect(response!.headers.get("x-request-id")).toBe(body.requestId);
    }
  });

  it("leaves every path outside /api to Next", () => {
    for (const path of ["/", "/inbox", "/inbox/nope", "/apiary", "/login", "/_next/static/chunks/a.js"]) {
      expect(unroutableApiRequest("DELETE", path), path).toBeNull();
    }
  });

  it("is answered by the root proxy with the security headers", async () => {
    const response = proxy(new NextRequest("http://inbox.test/api/inbox/counts", { method: "DELETE" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.headers.get("content-security-policy")).toContain("default-src");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(errorBody.parse(await response.json())).toMatchObject({ code: "methodNotAllowed" });
    expect(proxy(new NextRequest("http://inbox.test/api/inbox/counts")).headers.get("x-middleware-next")).toBe("1");
  });
});
