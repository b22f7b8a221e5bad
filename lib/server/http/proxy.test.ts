import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v2 from "@/app/api/v2/[...path]/route";
import * as settingsRoute from "@/app/api/settings/route";
import { errorBody } from "@/lib/api/error-schemas";
import { page } from "@/lib/api/primitives";
import { thread, type Thread } from "@/lib/api/threads";
import { call, startTestBff, type TestBff } from "../testing/bff";

let bff: TestBff;
const cookies: Record<"admin" | "manager" | "member", string> = { admin: "", manager: "", member: "" };
let samId = "";
let marcusId = "";

beforeAll(async () => {
  bff = await startTestBff();
  cookies.admin = await bff.signIn("olivia");
  cookies.manager = await bff.signIn("marcus");
  cookies.member = await bff.signIn("sam");
  samId = (await bff.runtime.users.get("sam@acme.test"))!.memberId!;
  marcusId = (await bff.runtime.users.get("marcus@acme.test"))!.memberId!;
}, 60_000);
afterAll(() => bff.close());

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = errorBody.parse(await response.json());
  expect(body.code).toBe(code);
  expect(body.requestId).toBeTruthy();
  expect(response.headers.get("x-request-id")).toBe(body.requestId);
  return body;
}

describe("the proxy: the browser's API v2", () => {
  it("answers a read the gateway does not hold with the API's body, status, request ID and rate-limit headers", async () => {
    const response = await call(v2, "GET", "/api/v2/members?limit=3", { cookie: cookies.member });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toHaveLength(3);
    expect(response.headers.get("x-request-id")).toMatch(/^req/);
    expect(Number(response.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
    expect(response.headers.get("x-ratelimit-remaining")).not.toBeNull();
    expect(response.headers.get("x-ratelimit-reset")).not.toBeNull();
  });

  it("answers the same read again from the shared cache, for any member, without going upstream", async () => {
    const before = bff.runtime.gateway.budget.status().remaining!;
    const again = await call(v2, "GET", "/api/v2/members?limit=3", { cookie: cookies.manager });
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cache")).toBe("hit");
    expect(bff.runtime.gateway.budget.status().remaining).toBe(before);
  });

  it("answers thread lists from the index, with full pages and the team's rate-limit headers", async () => {
    const response = await call(v2, "GET", "/api/v2/threads?limit=2&expand=profile", { cookie: cookies.member });
    expect(response.status).toBe(200);
    const body = page(thread).parse(await response.json());
    expect(body.data).toHaveLength(2);
    expect(body.data[0]!.profile).toBeTruthy();
    expect(body.nextCursor).toBeTruthy();
    expect(Number(response.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
  });

  it("passes the API's own errors through unchanged", async () => {
    await expectError(await call(v2, "GET", "/api/v2/threads/zzzzzz", { cookie: cookies.member }), 404, "threadNotFound");
  });

  it("needs a session: 401 with the spec body", async () => {
    const body = await expectError(await call(v2, "GET", "/api/v2/threads", { cookie: null }), 401, "unauthorized");
    expect(body.details).toBeNull();
    await expectError(await call(v2, "GET", "/api/v2/threads", { cookie: "inbox.session_token=forged.value" }), 401, "unauthorized");
  });

  it("refuses paths that name no endpoint, and methods an endpoint does not take", async () => {
    await expectError(await call(v2, "GET", "/api/v2/secrets", { cookie: cookies.admin }), 404, "notFound");
    const body = await expectError(await call(v2, "PUT", "/api/v2/threads", { cookie: cookies.admin, body: {} }), 405, "methodNotAllowed");
    expect(body.details).toEqual({ allow: ["GET"] });
  });

  describe("bad input is 400 invalidRequest before anything goes upstream", () => {
    it.each([
      ["bracket keys", "/api/v2/threads?tag[]=vip"],
      ["comma-separated values", "/api/v2/threads?accountLinkId=a,b"],
      ["an unknown filter", "/api/v2/threads?colour=red"],
      ["a limit out of range", "/api/v2/threads?limit=101"],
      ["a folder that does not exist", "/api/v2/threads?folder=spam"],
      ["more than four expands", "/api/v2/threads?expand=contact&expand=profile&expand=accountLink&expand=assignee&expand=contact"],
      ["a path ID that is not a service ID", "/api/v2/threads/THR-1"],
      ["a query on an endpoint that takes none", "/api/v2/team?x=1"],
      ["contacts without a platform", "/api/v2/contacts?username=anna"],
    ])("%s", async (_label, path) => {
      await expectError(await call(v2, "GET", path, { cookie: cookies.member }), 400, "invalidRequest");
    });

    it.each([
      ["no body", undefined],
      ["a body that is not JSON", "{not json"],
      ["an unknown field", { archived: true, colour: "red" }],
      ["a wrong type", { archived: "yes" }],
    ])("PATCH a thread with %s", async (_label, body) => {
      const { data } = page(thread).parse(await (await call(v2, "GET", "/api/v2/threads?limit=1", { cookie: cookies.member })).json());
      await expectError(await call(v2, "PATCH", `/api/v2/threads/${data[0]!.id}`, { cookie: cookies.member, body }), 400, "invalidRequest");
    });

    it("an empty message", async () => {
      await expectError(
        await call(v2, "POST", "/api/v2/messages", { cookie: cookies.member, body: { target: { type: "thread", threadId: "abc" }, content: "   " } }),
        400,
        "invalidRequest",
      );
    });
  });

  describe("CSRF: writes only from the inbox's own pages", () => {
    const tagBody = { name: "From elsewhere" };
    it("refuses a cross-site request", async () => {
      await expectError(
        await call(v2, "POST", "/api/v2/tags", { cookie: cookies.manager, body: tagBody, headers: { "sec-fetch-site": "cross-site" } }),
        403,
        "forbidden",
      );
    });
    it("refuses a request with no browser signals at all", async () => {
      const request = new Request("http://inbox.test/api/v2/tags", {
        method: "POST",
        headers: { cookie: cookies.manager, "content-type": "application/json" },
        body: JSON.stringify(tagBody),
      });
      await expectError(await v2.POST(request, { params: Promise.resolve({}) }), 403, "forbidden");
    });
    it("refuses another Origin, accepts our own", async () => {
      const other = await call(v2, "POST", "/api/v2/tags", {
        cookie: cookies.manager,
        body: tagBody,
        headers: { "sec-fetch-site": "", origin: "https://evil.example" },
      });
      await expectError(other, 403, "forbidden");
      const ours = await call(v2, "POST", "/api/v2/tags", {
        cookie: cookies.manager,
        body: { name: "Same origin" },
        headers: { "sec-fetch-site": "", origin: "http://inbox.test", host: "inbox.test" },
      });
      expect(ours.status).toBe(201);
    });
  });
});

describe("the policy table, through the proxy", () => {
  it("lets members triage and refuses them manager actions with a sentence", async () => {
    const created = await call(v2, "POST", "/api/v2/tags", { cookie: cookies.member, body: { name: "Members cannot" } });
    const body = await expectError(created, 403, "forbidden");
    expect(body.message).toBe("Only managers can create tags.");

    const { data } = page(thread).parse(await (await call(v2, "GET", "/api/v2/threads?limit=1", { cookie: cookies.member })).json());
    const id = data[0]!.id;
    await expectError(await call(v2, "DELETE", `/api/v2/threads/${id}`, { cookie: cookies.member }), 403, "forbidden");
    const archived = await call(v2, "PATCH", `/api/v2/threads/${id}`, { cookie: cookies.member, body: { archived: true } });
    expect(archived.status).toBe(200);
    expect(thread.parse(await archived.json()).archived).toBe(true);
    await call(v2, "PATCH", `/api/v2/threads/${id}`, { cookie: cookies.member, body: { archived: false } });
  });

  it("lets a member assign to self and unassign self, not anyone else", async () => {
    const { data } = page(thread).parse(
      await (await call(v2, "GET", "/api/v2/threads?unassigned=true&limit=1", { cookie: cookies.member })).json(),
    );
    const id = data[0]!.id;
    await expectError(await call(v2, "PATCH", `/api/v2/threads/${id}`, { cookie: cookies.member, body: { assigneeId: marcusId } }), 403, "forbidden");
    const mine = await call(v2, "PATCH", `/api/v2/threads/${id}`, { cookie: cookies.member, body: { assigneeId: samId } });
    expect(thread.parse(await mine.json()).assigneeId).toBe(samId);
    const freed = await call(v2, "PATCH", `/api/v2/threads/${id}`, { cookie: cookies.member, body: { assigneeId: null } });
    expect(freed.status).toBe(200);

    // Assigned to someone else: a member may not take it away from them.
    await call(v2, "PATCH", `/api/v2/threads/${id}`, { cookie: cookies.manager, body: { assigneeId: marcusId } });
    const body = await expectError(await call(v2, "PATCH", `/api/v2/threads/${id}`, { cookie: cookies.member, body: { assigneeId: null } }), 403, "forbidden");
    expect(body.message).toBe("You can only unassign conversations assigned to you.");
    await call(v2, "PATCH", `/api/v2/threads/${id}`, { cookie: cookies.manager, body: { assigneeId: null } });
  });

  it("lets managers create, rename and delete tags", async () => {
    const created = await call(v2, "POST", "/api/v2/tags", { cookie: cookies.manager, body: { name: "Manager tag", color: "#112233" } });
    expect(created.status).toBe(201);
    const renamed = await call(v2, "PATCH", "/api/v2/tags/Manager%20tag", { cookie: cookies.manager, body: { name: "Renamed tag" } });
    expect(renamed.status).toBe(200);
    const deleted = await call(v2, "DELETE", "/api/v2/tags/Renamed%20tag", { cookie: cookies.manager });
    expect(deleted.status).toBe(204);
  });

  it("keeps the event log for managers", async () => {
    await expectError(await call(v2, "GET", "/api/v2/events?limit=1", { cookie: cookies.member }), 403, "forbidden");
    expect((await call(v2, "GET", "/api/v2/events?limit=1", { cookie: cookies.manager })).status).toBe(200);
  });
});

describe("memberVisibility: assignedAndUnassigned", () => {
  let others: Thread;
  let mine: Thread;

  beforeAll(async () => {
    const all = page(thread).parse(await (await call(v2, "GET", "/api/v2/threads?unassigned=true&limit=2", { cookie: cookies.manager })).json());
    [others, mine] = all.data as [Thread, Thread];
    await call(v2, "PATCH", `/api/v2/threads/${others.id}`, { cookie: cookies.manager, body: { assigneeId: marcusId } });
    await call(v2, "PATCH", `/api/v2/threads/${mine.id}`, { cookie: cookies.manager, body: { assigneeId: samId } });
    const set = await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "assignedAndUnassigned" } });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "all" } });
  });

  it("only admins change the setting", async () => {
    await expectError(
      await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.manager, body: { memberVisibility: "all" } }),
      403,
      "forbidden",
    );
    await expectError(
      await call(settingsRoute, "PATCH", "/api/settings", { cookie: cookies.admin, body: { memberVisibility: "some" } }),
      400,
      "invalidRequest",
    );
  });

  it("lists show a member only their own and unassigned threads", async () => {
    const seen: Thread[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const body = page(thread).parse(await (await call(v2, "GET", `/api/v2/threads?folder=all&limit=100${qs}`, { cookie: cookies.member })).json());
      seen.push(...body.data);
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((t) => t.assigneeId === null || t.assigneeId === samId)).toBe(true);
    expect(seen.some((t) => t.id === mine.id)).toBe(true);
    expect(seen.some((t) => t.id === others.id)).toBe(false);
  });

  it("a filter for someone else's threads is empty, without asking the API", async () => {
    const body = page(thread).parse(await (await call(v2, "GET", `/api/v2/threads?assigneeId=${marcusId}`, { cookie: cookies.member })).json());
    expect(body).toEqual({ data: [], nextCursor: null });
  });

  it("a hidden thread reads as missing, and cannot be written to or through", async () => {
    await expectError(await call(v2, "GET", `/api/v2/threads/${others.id}`, { cookie: cookies.member }), 404, "threadNotFound");
    await expectError(await call(v2, "GET", `/api/v2/threads/${others.id}/messages`, { cookie: cookies.member }), 404, "threadNotFound");
    await expectError(await call(v2, "PATCH", `/api/v2/threads/${others.id}`, { cookie: cookies.member, body: { unread: false } }), 404, "threadNotFound");
    await expectError(
      await call(v2, "POST", "/api/v2/messages", { cookie: cookies.member, body: { target: { type: "thread", threadId: others.id }, content: "Hi" } }),
      404,
      "threadNotFound",
    );
    const { body: messages } = await bff.runtime.upstream.client.threads.messages(others.id, { limit: 1 });
    await expectError(await call(v2, "GET", `/api/v2/messages/${messages.data[0]!.id}`, { cookie: cookies.member }), 404, "messageNotFound");
  });

  it("managers still see everything", async () => {
    expect((await call(v2, "GET", `/api/v2/threads/${others.id}`, { cookie: cookies.manager })).status).toBe(200);
  });
});
