import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as preferencesRoute from "@/app/api/inbox/preferences/route";
import * as readsRoute from "@/app/api/inbox/reads/route";
import * as statusRoute from "@/app/api/inbox/status/route";
import * as usersRoute from "@/app/api/inbox/users/route";
import { errorBody } from "@/lib/api/error-schemas";
import { INBOX_ENDPOINTS } from "@/lib/api/inbox-endpoints";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
const cookies = { admin: "", manager: "", member: "" };

beforeAll(async () => {
  bff = await startTestBff();
  [cookies.admin, cookies.manager, cookies.member] = await Promise.all([bff.signIn("olivia"), bff.signIn("marcus"), bff.signIn("sam")]);
}, 60_000);
afterAll(() => bff.close());

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(path) : entry.name === "route.ts" ? [path] : [];
  });
}

describe("the inbox's own endpoints run from their table", () => {
  it("no route file checks a role, a visibility or parses a body itself", () => {
    const files = routeFiles("app/api");
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const inline of ["atLeast(", "canSee(", "viewer.role", "request.json(", ".parse("]) expect(source.includes(inline), `${file}: ${inline}`).toBe(false);
    }
  });

  it("each endpoint a signed-in user calls names its operation in its route file", () => {
    const own = Object.entries(INBOX_ENDPOINTS).filter(([, row]) => row.allow !== "anyone" && row.allow !== "delegated" && row.path !== "/api/events");
    const sources = routeFiles("app/api").map((file) => readFileSync(file, "utf8")).join("\n");
    for (const [operation] of own) expect(sources, operation).toMatch(new RegExp(`endpoint(<[^>]*>)?\\("${operation.replace(".", "\\.")}"`));
  });

  it("a caller below the row's role hears who may, in a sentence from the table", async () => {
    const response = await call(statusRoute, "GET", "/api/inbox/status", { cookie: cookies.member });
    expect(response.status).toBe(403);
    expect(errorBody.parse(await response.json())).toMatchObject({ code: "forbidden", message: "Only managers and admins can see the team's request quota." });
    const add = await call(usersRoute, "POST", "/api/inbox/users", { cookie: cookies.manager, body: { email: "x@acme.test", name: "X", password: "a-long-enough-password" } });
    expect(add.status).toBe(403);
    expect(errorBody.parse(await add.json()).message).toBe("Only admins can add, change or remove users.");
    expect((await call(statusRoute, "GET", "/api/inbox/status")).status).toBe(401);
  });

  it("a body that is not JSON, or not the row's shape, is 400 invalidRequest with a sentence", async () => {
    const broken = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: cookies.member, body: "{not json" });
    expect(broken.status).toBe(400);
    expect(errorBody.parse(await broken.json())).toMatchObject({ code: "invalidRequest", message: "The body must be JSON." });
    const wrong = await call(preferencesRoute, "PATCH", "/api/inbox/preferences", { cookie: cookies.member, body: { notifications: { everyone: true } } });
    expect(wrong.status).toBe(400);
    expect(errorBody.parse(await wrong.json()).code).toBe("invalidRequest");
  });

  it("a thread the request names must exist for the viewer", async () => {
    const response = await call(readsRoute, "POST", "/api/inbox/reads", { cookie: cookies.member, body: { threadId: "thrnosuchthread", read: true } });
    expect(response.status).toBe(404);
    expect(errorBody.parse(await response.json()).code).toBe("threadNotFound");
  });
});
