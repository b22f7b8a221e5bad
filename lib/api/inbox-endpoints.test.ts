import { readdirSync } from "node:fs";
import { join } from "node:path";
import { HTTP_METHODS } from "next/dist/server/web/http";
import { describe, expect, it } from "vitest";
import { INBOX_ENDPOINTS, INBOX_OPERATIONS, inboxRoute } from "./inbox-endpoints";

const APP_API = join(process.cwd(), "app", "api");

/** Every route file under app/api, with its path pattern written as the table writes it. */
const ROUTE_FILES = readdirSync(APP_API, { recursive: true, encoding: "utf8" })
  .filter((file) => /(^|\/)route\.(ts|tsx|js|mjs)$/.test(file))
  .map((file) => ({ file, path: patternOf(file) }));

describe("INBOX_ENDPOINTS", () => {
  it("names every method every route file under app/api exports, and nothing else", async () => {
    expect(ROUTE_FILES.length).toBeGreaterThan(10);
    const exported = new Map<string, string[]>();
    for (const { file, path } of ROUTE_FILES) {
      const handlers = (await import(join(APP_API, file))) as Record<string, unknown>;
      exported.set(path, HTTP_METHODS.filter((method) => typeof handlers[method] === "function").sort());
    }
    const listed = new Map<string, string[]>();
    for (const operation of INBOX_OPERATIONS) {
      const { method, path } = INBOX_ENDPOINTS[operation];
      listed.set(path, [...(listed.get(path) ?? []), method].sort());
    }
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(exported));
  });

  it("lists each method of a path once", () => {
    const pairs = INBOX_OPERATIONS.map((operation) => `${INBOX_ENDPOINTS[operation].method} ${INBOX_ENDPOINTS[operation].path}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});

describe("inboxRoute", () => {
  it("finds each route file's route from a path it serves", () => {
    for (const { path } of ROUTE_FILES) {
      const sample = path.replace(/:[^/]+/g, "usr1").replace(/\*$/, "a%20b/c");
      expect(inboxRoute(sample)?.path, sample).toBe(path);
    }
  });

  it("answers with every method of the route", () => {
    expect(inboxRoute("/api/inbox/users")).toEqual({ path: "/api/inbox/users", methods: ["GET", "POST"] });
    expect(inboxRoute("/api/inbox/users/usr1")).toEqual({ path: "/api/inbox/users/:userId", methods: ["PATCH", "DELETE"] });
    expect(inboxRoute("/api/auth/sign-in/email")).toEqual({ path: "/api/auth/*", methods: ["GET", "POST"] });
    expect(inboxRoute("/api/sandbox/_sandbox/faults")?.methods).toEqual(["GET", "POST", "PATCH", "PUT", "DELETE"]);
  });

  it("takes the route Next would run where patterns overlap: static before `:name` before `*`", () => {
    const table = {
      "x.all": { method: "GET", path: "/api/x/*" },
      "x.get": { method: "GET", path: "/api/x/:id" },
      "x.update": { method: "PATCH", path: "/api/x/:id" },
      "x.new": { method: "POST", path: "/api/x/new" },
      "x.item": { method: "PUT", path: "/api/x/:id/item" },
    } as const;
    expect(inboxRoute("/api/x/new", table)).toEqual({ path: "/api/x/new", methods: ["POST"] });
    expect(inboxRoute("/api/x/x1", table)).toEqual({ path: "/api/x/:id", methods: ["GET", "PATCH"] });
    expect(inboxRoute("/api/x/x1/item", table)?.path).toBe("/api/x/:id/item");
    expect(inboxRoute("/api/x/new/item", table)?.path).toBe("/api/x/:id/item");
    expect(inboxRoute("/api/x/x1/other", table)?.path).toBe("/api/x/*");
  });

  it("finds nothing for a path no route serves: a catch-all takes one segment or more, a parameter one non-empty segment", () => {
    for (const path of ["/api", "/api/", "/api/nope", "/api/v2", "/api/auth", "/api/auth/", "/api/inbox", "/api/inbox/users/", "/api/inbox/users/usr1/password/x", "/api/health/x", "/apiary", "/inbox"]) {
      expect(inboxRoute(path), path).toBeNull();
    }
  });
});

// `[name]` → `:name`, `[...name]` → `*`; route groups `(name)` take no segment.
function patternOf(file: string): string {
  const segments = file.split(/[\\/]/).slice(0, -1).filter((segment) => !/^\(.+\)$/.test(segment));
  const path = segments.map((segment) => {
    if (/^\[\[/.test(segment)) throw new Error(`${file}: an optional catch-all also serves its parent path; the table has no way to say so yet`);
    if (/^\[\.\.\..+\]$/.test(segment)) return "*";
    const param = /^\[(.+)\]$/.exec(segment);
    return param ? `:${param[1]}` : segment;
  });
  return ["/api", ...path].join("/");
}
