import { describe, expect, it } from "vitest";
import { createBffClient } from "./bff-client";
import { createApiClient, paginate, paginateItems, parseRetryAfter, type ApiClient, type ApiResult } from "./client";
import { CLIENT_CONTRACT } from "./client-contract";
import { ENDPOINTS } from "./endpoints";
import { ApiError, ERROR_SENTENCES, errorSentence } from "./errors";
import { detailsOf } from "./error-schemas";
import type { ThreadPatch } from "./threads";
import {
  accountLinkFixture,
  colorFixture,
  contactFixture,
  eventFixture,
  memberFixture,
  messageFixture,
  platformFixture,
  profileFixture,
  statusFixture,
  tagFixture,
  teamFixture,
  threadFixture,
} from "./testing/fixtures";

const BASE = "https://api.example.com/v2";
const TOKEN = "tok_live_123";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type EndpointCase = {
  name: string;
  call: (client: ApiClient) => Promise<ApiResult<unknown>>;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path and query after the base URL, exactly as sent. */
  url: string;
  status?: number;
  /** The body the fake server answers with; null for an empty 204. */
  response: unknown;
  requestBody?: unknown;
  /** The parsed body, when it is not the response as it came. */
  expected?: unknown;
};

const deletedMessage = { ...messageFixture(), content: null, deletedAt: "2026-11-20T12:05:00.000Z" };
const reactions = { reactions: messageFixture().reactions };

const endpoints: EndpointCase[] = [
  { name: "platforms.list", call: (c) => c.platforms.list(), method: "GET", url: "/platforms", response: [platformFixture()] },
  { name: "team.get", call: (c) => c.team.get(), method: "GET", url: "/team", response: teamFixture() },
  {
    name: "members.list",
    call: (c) => c.members.list({ limit: 10, cursor: "c1" }),
    method: "GET",
    url: "/members?limit=10&cursor=c1",
    response: { data: [memberFixture()], nextCursor: "c2" },
  },
  { name: "members.get", call: (c) => c.members.get("mem1"), method: "GET", url: "/members/mem1", response: memberFixture() },
  {
    name: "accountLinks.list",
    call: (c) => c.accountLinks.list({ platform: ["chirp", "beep"], status: "active" }),
    method: "GET",
    url: "/account-links?platform=chirp&platform=beep&status=active",
    response: { data: [accountLinkFixture()], nextCursor: null },
  },
  {
    name: "accountLinks.get",
    call: (c) => c.accountLinks.get("al1"),
    method: "GET",
    url: "/account-links/al1",
    response: accountLinkFixture(),
  },
  {
    name: "threads.list",
    call: (c) =>
      c.threads.list({
        accountLinkId: ["al1", "al2"],
        folder: "noReply",
        tag: ["Hot lead", "tag1"],
        unassigned: true,
        expand: ["contact", "profile"],
        limit: 25,
      }),
    method: "GET",
    url: "/threads?accountLinkId=al1&accountLinkId=al2&folder=noReply&tag=Hot+lead&tag=tag1&unassigned=true&expand=contact&expand=profile&limit=25",
    response: { data: [{ ...threadFixture(), contact: contactFixture(), profile: profileFixture() }], nextCursor: "next1" },
  },
  {
    name: "threads.get",
    call: (c) => c.threads.get("thr1", { expand: ["contact"] }),
    method: "GET",
    url: "/threads/thr1?expand=contact",
    response: { ...threadFixture(), contact: contactFixture() },
  },
  {
    name: "threads.update",
    call: (c) => c.threads.update("thr1", { archived: true, unread: false, assigneeId: null }),
    method: "PATCH",
    url: "/threads/thr1",
    requestBody: { archived: true, unread: false, assigneeId: null },
    response: { ...threadFixture(), archived: true, unread: false, assigneeId: null, assigneeSource: null },
  },
  {
    name: "threads.delete",
    call: (c) => c.threads.delete("thr1"),
    method: "DELETE",
    url: "/threads/thr1",
    response: { scope: "local" },
  },
  {
    name: "threads.typing",
    call: (c) => c.threads.typing("thr1"),
    method: "POST",
    url: "/threads/thr1/typing",
    status: 202,
    response: { status: "sent", reason: null },
  },
  {
    name: "threads.messages",
    call: (c) => c.threads.messages("thr1", { limit: 20, cursor: "m2" }),
    method: "GET",
    url: "/threads/thr1/messages?limit=20&cursor=m2",
    response: { data: [messageFixture()], nextCursor: null },
  },
  {
    name: "messages.send",
    call: (c) => c.messages.send({ target: { type: "thread", threadId: "thr1" }, content: "Hi there" }),
    method: "POST",
    url: "/messages",
    status: 201,
    requestBody: { target: { type: "thread", threadId: "thr1" }, content: "Hi there" },
    response: { message: { ...messageFixture(), content: "Hi there" }, thread: threadFixture() },
  },
  { name: "messages.get", call: (c) => c.messages.get("msg1"), method: "GET", url: "/messages/msg1", response: messageFixture() },
  {
    name: "messages.update",
    call: (c) => c.messages.update("msg1", { content: "Edited" }),
    method: "PATCH",
    url: "/messages/msg1",
    requestBody: { content: "Edited" },
    response: { ...messageFixture(), content: "Edited", editedAt: "2026-11-20T12:02:00.000Z" },
  },
  {
    name: "messages.delete",
    call: (c) => c.messages.delete("msg1", "all"),
    method: "DELETE",
    url: "/messages/msg1?scope=all",
    response: deletedMessage,
  },
  {
    name: "messages.history",
    call: (c) => c.messages.history("msg1"),
    method: "GET",
    url: "/messages/msg1/history",
    response: {
      messageId: "msg1",
      times: "platform",
      versions: [
        { content: "Sounds goood!", at: "2026-11-20T12:00:00.000Z" },
        { content: "Sounds good!", at: "2026-11-20T12:01:00.000Z" },
      ],
    },
  },
  {
    name: "messages.react",
    call: (c) => c.messages.react("msg1", { emoji: "👍" }),
    method: "POST",
    url: "/messages/msg1/reactions",
    requestBody: { emoji: "👍" },
    response: reactions,
  },
  {
    name: "messages.unreact",
    call: (c) => c.messages.unreact("msg1", "👍"),
    method: "DELETE",
    url: "/messages/msg1/reactions?emoji=%F0%9F%91%8D",
    response: { reactions: [] },
  },
  {
    name: "messages.attachmentUrl",
    call: (c) => c.messages.attachmentUrl("msg1", 0),
    method: "GET",
    url: "/messages/msg1/attachments/0",
    response: { url: "https://media.example/a.png?sig=2", expiresAt: "2026-11-20T14:00:00.000Z" },
  },
  {
    name: "contacts.list",
    call: (c) => c.contacts.list({ platform: "chirp", platformId: ["123456", "789"], expand: ["tags", "status"] }),
    method: "GET",
    url: "/contacts?platform=chirp&platformId=123456&platformId=789&expand=tags&expand=status",
    response: { data: [{ ...contactFixture(), tags: [tagFixture()], status: statusFixture() }], nextCursor: null },
  },
  { name: "contacts.get", call: (c) => c.contacts.get("con1"), method: "GET", url: "/contacts/con1", response: contactFixture() },
  {
    name: "contacts.update",
    call: (c) => c.contacts.update("con1", { status: "Qualified", notes: null, valuation: 100 }),
    method: "PATCH",
    url: "/contacts/con1",
    requestBody: { status: "Qualified", notes: null, valuation: 100 },
    response: { ...contactFixture(), valuation: 100 },
  },
  {
    name: "contacts.addTag",
    call: (c) => c.contacts.addTag("con1", "Hot lead"),
    method: "PUT",
    url: "/contacts/con1/tags/Hot%20lead",
    response: { ...contactFixture(), tagIds: ["tag1", "tag2"] },
  },
  {
    name: "contacts.removeTag",
    call: (c) => c.contacts.removeTag("con1", "tag1"),
    method: "DELETE",
    url: "/contacts/con1/tags/tag1",
    response: { ...contactFixture(), tagIds: [] },
  },
  {
    name: "tags.list",
    call: (c) => c.tags.list({ limit: 100 }),
    method: "GET",
    url: "/tags?limit=100",
    response: { data: [tagFixture()], nextCursor: null },
  },
  { name: "tags.get", call: (c) => c.tags.get("tag1"), method: "GET", url: "/tags/tag1", response: tagFixture() },
  {
    name: "tags.create",
    call: (c) => c.tags.create({ name: "VIP", color: "#aa3300" }),
    method: "POST",
    url: "/tags",
    status: 201,
    requestBody: { name: "VIP", color: "#aa3300" },
    response: tagFixture(),
  },
  {
    name: "tags.update",
    call: (c) => c.tags.update("VIP", { color: "red" }),
    method: "PATCH",
    url: "/tags/VIP",
    requestBody: { color: "red" },
    response: { ...tagFixture(), color: "red" },
  },
  {
    name: "tags.delete",
    call: (c) => c.tags.delete("tag1"),
    method: "DELETE",
    url: "/tags/tag1",
    status: 204,
    response: null,
    expected: undefined,
  },
  {
    name: "statuses.list",
    call: (c) => c.statuses.list(),
    method: "GET",
    url: "/statuses",
    response: { data: [statusFixture()], nextCursor: null },
  },
  {
    name: "statuses.get",
    call: (c) => c.statuses.get("Qualified"),
    method: "GET",
    url: "/statuses/Qualified",
    response: statusFixture(),
  },
  {
    name: "statuses.create",
    call: (c) => c.statuses.create({ name: "Won", color: "green", position: 3 }),
    method: "POST",
    url: "/statuses",
    status: 201,
    requestBody: { name: "Won", color: "green", position: 3 },
    response: { id: "st9", name: "Won", color: "green", position: 3 },
  },
  {
    name: "statuses.update",
    call: (c) => c.statuses.update("st1", { position: 0 }),
    method: "PATCH",
    url: "/statuses/st1",
    requestBody: { position: 0 },
    response: { ...statusFixture(), position: 0 },
  },
  {
    name: "statuses.delete",
    call: (c) => c.statuses.delete("st1"),
    method: "DELETE",
    url: "/statuses/st1",
    status: 204,
    response: null,
    expected: undefined,
  },
  { name: "colors.list", call: (c) => c.colors.list(), method: "GET", url: "/colors", response: [colorFixture()] },
  {
    name: "events.list",
    call: (c) => c.events.list({ afterSeq: 41, limit: 500, type: ["message.received", "thread.assigned"] }),
    method: "GET",
    url: "/events?afterSeq=41&limit=500&type=message.received&type=thread.assigned",
    response: { data: [eventFixture()], lastSeq: 42, hasMore: false },
  },
];

describe("endpoints", () => {
  it("cover every method of the client (events.replay is tested with pagination, outreach in outreach/client.test)", () => {
    const outreach = new Set(["lists", "importJobs", "campaigns"]);
    const methods = Object.entries(createApiClient({ baseUrl: BASE }))
      .filter(([group]) => !outreach.has(group))
      .flatMap(([group, members]) => Object.keys(members).map((name) => `${group}.${name}`))
      .filter((name) => name !== "events.replay");
    expect(endpoints.map((e) => e.name).sort()).toEqual(methods.sort());
  });

  it("are named as lib/api/endpoints names them, each with its contract", () => {
    for (const name of Object.keys(CLIENT_CONTRACT)) expect(ENDPOINTS, name).toHaveProperty([name]);
    for (const endpoint of endpoints) expect(CLIENT_CONTRACT, endpoint.name).toHaveProperty([endpoint.name]);
  });

  // The same methods, checked (the BFF upstream) and sent as they are (the browser, to the BFF).
  for (const [kind, create] of [["checked", createApiClient], ["bff", createBffClient]] as const) {
    for (const endpoint of endpoints) {
      it(`${kind} ${endpoint.name}: ${endpoint.method} ${endpoint.url}`, async () => {
        const status = endpoint.status ?? 200;
        const { fetch, calls } = fakeFetch(() =>
          endpoint.response === null ? new Response(null, { status }) : jsonResponse(endpoint.response, { status }),
        );
        const result = await endpoint.call(create({ baseUrl: BASE, token: TOKEN, fetch }));

        expect(calls).toHaveLength(1);
        const [call] = calls;
        expect(call?.method).toBe(endpoint.method);
        expect(call?.url).toBe(`${BASE}${endpoint.url}`);
        expect(call?.body === undefined ? undefined : JSON.parse(call.body)).toEqual(endpoint.requestBody);
        expect(call?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
        expect(call?.headers.get("accept")).toBe("application/json");

        expect(result.status).toBe(status);
        expect(result.body).toEqual("expected" in endpoint ? endpoint.expected : endpoint.response);
      });
    }
  }
});

describe("headers", () => {
  it("sends Authorization: Bearer <token> when a token is given", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(teamFixture()));
    await createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).team.get();
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer tok_live_123");
  });

  it("sends no Authorization header without a token (browser mode, against the BFF)", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(teamFixture()));
    await createApiClient({ baseUrl: "/api/v2", fetch }).team.get();
    expect(calls[0]?.url).toBe("/api/v2/team");
    expect(calls[0]?.headers.has("authorization")).toBe(false);
  });

  it.each(["https://api.example.com/v2/", "https://api.example.com/v2//", "https://api.example.com/v2"])(
    "joins base URL %s and path with one slash",
    async (baseUrl) => {
      const { fetch, calls } = fakeFetch(() => jsonResponse(memberFixture()));
      await createApiClient({ baseUrl, token: TOKEN, fetch }).members.get("mem1");
      expect(calls[0]?.url).toBe("https://api.example.com/v2/members/mem1");
    },
  );

  it("sends a JSON content-type only with a body", async () => {
    const { fetch, calls } = fakeFetch((request) =>
      request.url.endsWith("/typing") ? jsonResponse({ status: "sent", reason: null }, { status: 202 }) : jsonResponse(threadFixture()),
    );
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    await client.threads.get("thr1");
    await client.threads.typing("thr1");
    await client.threads.update("thr1", { archived: true });
    expect(calls.map((c) => c.method)).toEqual(["GET", "POST", "PATCH"]);
    expect(calls[0]?.headers.has("content-type")).toBe(false);
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[1]?.headers.has("content-type")).toBe(false);
    expect(calls[1]?.body).toBeUndefined();
    expect(calls[2]?.headers.get("content-type")).toBe("application/json");
    expect(calls[2]?.body).toBe('{"archived":true}');
  });

  it("sends the client's and the call's own headers", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(teamFixture()));
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch, headers: { "x-client": "inbox" } });
    await client.team.get({ headers: { "x-trace": "t1" } });
    expect(calls[0]?.headers.get("x-client")).toBe("inbox");
    expect(calls[0]?.headers.get("x-trace")).toBe("t1");
  });

  it("passes the caller's AbortSignal to fetch", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(teamFixture()));
    const controller = new AbortController();
    await createApiClient({ baseUrl: BASE, fetch }).team.get({ signal: controller.signal });
    expect(calls[0]?.signal).toBe(controller.signal);
  });
});

describe("messages.send idempotency", () => {
  const body = { target: { type: "thread", threadId: "thr1" }, content: "Hello" } as const;
  const sent = () => jsonResponse({ message: messageFixture(), thread: threadFixture() }, { status: 201 });

  it("carries a fresh UUID Idempotency-Key on every call", async () => {
    const { fetch, calls } = fakeFetch(sent);
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    await client.messages.send(body);
    await client.messages.send(body);
    const keys = calls.map((c) => c.headers.get("idempotency-key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("uses the given idempotencyKey, so a retry is safe", async () => {
    const { fetch, calls } = fakeFetch(sent);
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    await client.messages.send(body, { idempotencyKey: "retry-key-1" });
    await client.messages.send(body, { idempotencyKey: "retry-key-1" });
    expect(calls.map((c) => c.headers.get("idempotency-key"))).toEqual(["retry-key-1", "retry-key-1"]);
  });

  it("sends the other target shapes as given", async () => {
    const { fetch, calls } = fakeFetch(sent);
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const profileTarget = { type: "profile", accountLinkId: "al1", platform: "chirp", platformId: "123456" } as const;
    await client.messages.send({ target: profileTarget, content: "Hi" });
    await client.messages.send({ target: { type: "contact", accountLinkId: "al1", contactId: "con1" }, content: "Hi" });
    expect(calls.map((c) => JSON.parse(c.body ?? "null"))).toEqual([
      { target: profileTarget, content: "Hi" },
      { target: { type: "contact", accountLinkId: "al1", contactId: "con1" }, content: "Hi" },
    ]);
  });
});

describe("client-side validation", () => {
  const invalidCalls: [string, (client: ApiClient) => Promise<unknown>][] = [
    ["limit 0", (c) => c.threads.list({ limit: 0 })],
    ["limit 101", (c) => c.members.list({ limit: 101 })],
    ["a fractional limit", (c) => c.tags.list({ limit: 1.5 })],
    ["5 expand values", (c) => c.threads.list({ expand: ["contact", "profile", "accountLink", "assignee", "contact"] })],
    ["5 expand values on one thread", (c) => c.threads.get("thr1", { expand: ["contact", "profile", "accountLink", "assignee", "profile"] })],
    ["a comma in a repeatable value", (c) => c.threads.list({ tag: ["a,b"] })],
    ["an events limit over 1000", (c) => c.events.list({ limit: 1001 })],
    ["a contacts query with both platformId and username", (c) => c.contacts.list({ platform: "chirp", platformId: ["1"], username: "jane" })],
    ["a username with @", (c) => c.contacts.list({ platform: "chirp", username: "@jane" })],
    ["empty message content", (c) => c.messages.send({ target: { type: "thread", threadId: "thr1" }, content: "" })],
    ["blank message content", (c) => c.messages.send({ target: { type: "thread", threadId: "thr1" }, content: "  \n " })],
    ["a send target that is not a service ID", (c) => c.messages.send({ target: { type: "thread", threadId: "THR1" }, content: "Hi" })],
    ["an empty edit", (c) => c.messages.update("msg1", { content: " " })],
    ["a bad typingIndicators value", (c) => c.threads.update("thr1", { typingIndicators: "sometimes" } as unknown as ThreadPatch)],
    ["a bad tag color", (c) => c.tags.create({ name: "VIP", color: "not a color" })],
    ["a short hex color", (c) => c.tags.update("tag1", { color: "#12345" })],
    ["a bad status color", (c) => c.statuses.create({ name: "Won", color: "#zzzzzz" })],
    ["an empty tag name", (c) => c.tags.create({ name: "   " })],
    ["a negative valuation", (c) => c.contacts.update("con1", { valuation: -1 })],
    ["a path ID in capitals", (c) => c.members.get("ABC")],
    ["a path ID with a slash", (c) => c.threads.get("a/b")],
    ["an empty path ID", (c) => c.messages.get("")],
    ["a path ID with dots", (c) => c.contacts.get("..")],
    ["a path ID with a query", (c) => c.accountLinks.get("al1?x=1")],
    ["a bad ID in a tag path", (c) => c.contacts.addTag("Con1", "VIP")],
    ["a blank tag reference", (c) => c.tags.get("  ")],
    ["a negative attachment index", (c) => c.messages.attachmentUrl("msg1", -1)],
    ["a fractional attachment index", (c) => c.messages.attachmentUrl("msg1", 0.5)],
  ];

  it.each(invalidCalls)("rejects %s with 400 invalidRequest and makes no request", async (_name, run) => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({}));
    const error = await errorOf(() => run(createApiClient({ baseUrl: BASE, token: TOKEN, fetch })));
    expect(error).toMatchObject({ status: 400, code: "invalidRequest" });
    expect(error.sentence).toBe(ERROR_SENTENCES.invalidRequest);
    expect(calls).toHaveLength(0);
  });

  it("drops a body field the contract does not know: only what was validated is sent", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(threadFixture()));
    await createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).threads.update("thr1", withUnknownField({ archived: true }, "pinned"));
    expect(calls.map((c) => JSON.parse(c.body ?? "null"))).toEqual([{ archived: true }]);
  });

  // Every method returns a promise; a synchronous throw escapes `.catch()` and `Promise.allSettled`.
  it("reports an invalid path ID or reference as a rejected promise, not a synchronous throw", async () => {
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch: fakeFetch(() => jsonResponse({})).fetch });
    const calls: [string, () => Promise<unknown>][] = [
      ["members.get(ABC)", () => client.members.get("ABC")],
      ["tags.get(blank)", () => client.tags.get(" ")],
      ["messages.attachmentUrl(-1)", () => client.messages.attachmentUrl("msg1", -1)],
    ];
    for (const [name, run] of calls) {
      let promise: Promise<unknown> | undefined;
      expect(() => {
        promise = run();
      }, name).not.toThrow();
      await expect(promise, name).rejects.toMatchObject({ status: 400, code: "invalidRequest" });
    }
  });

  it.each([
    ["Hot lead", "Hot%20lead"],
    ["a/b", "a%2Fb"],
    ["50% off", "50%25%20off"],
    ["Q&A?", "Q%26A%3F"],
    ["Clé", "Cl%C3%A9"],
  ])("URL-encodes the tag name %s in paths", async (name, encoded) => {
    const { fetch, calls } = fakeFetch((request) => jsonResponse(request.url.includes("/contacts/") ? contactFixture() : tagFixture()));
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    await client.tags.get(name);
    await client.contacts.addTag("con1", name);
    await client.contacts.removeTag("con1", name);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${BASE}/tags/${encoded}`,
      `PUT ${BASE}/contacts/con1/tags/${encoded}`,
      `DELETE ${BASE}/contacts/con1/tags/${encoded}`,
    ]);
    expect(decodeURIComponent(new URL(calls[0]?.url ?? "").pathname)).toBe(`/v2/tags/${name}`);
  });

  it("URL-encodes status names in paths", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(statusFixture()));
    await createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).statuses.update("In progress", { position: 1 });
    expect(calls[0]?.url).toBe(`${BASE}/statuses/In%20progress`);
  });

  // "." and ".." are dot segments: URL resolution turns /tags/. into /tags/ and /tags/.. into the API
  // root, whatever the encoding (%2E is a dot segment too), so such a reference can only be refused.
  it("refuses the tag references . and .., which would address another path", async () => {
    for (const tagRef of [".", ".."]) {
      const { fetch, calls } = fakeFetch(() => jsonResponse(tagFixture()));
      const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
      const outcome = await client.tags.update(tagRef, { color: "red" }).then(
        () => "resolved",
        (error: unknown) => error,
      );
      expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`), tagRef).toEqual([]);
      expect(outcome, tagRef).toBeInstanceOf(ApiError);
      expect(outcome, tagRef).toMatchObject({ status: 400, code: "invalidRequest" });
    }
  });
});

describe("response metadata", () => {
  it("surfaces rate-limit headers as numbers and X-Request-Id as requestId", async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse(teamFixture(), {
        headers: { "X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "297", "X-RateLimit-Reset": "1795000000", "X-Request-Id": "req_abc" },
      }),
    );
    const result = await createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).team.get();
    expect(result.rateLimit).toEqual({ limit: 300, remaining: 297, reset: 1795000000, retryAfter: null });
    expect(result.requestId).toBe("req_abc");
    expect(result.status).toBe(200);
  });

  it("gives null for absent or non-numeric rate-limit headers", async () => {
    const { fetch } = fakeFetch(() => jsonResponse(teamFixture()));
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const plain = await client.team.get();
    expect(plain.rateLimit).toEqual({ limit: null, remaining: null, reset: null, retryAfter: null });
    expect(plain.requestId).toBeNull();
    const { fetch: badFetch } = fakeFetch(() => jsonResponse(teamFixture(), { headers: { "X-RateLimit-Limit": "lots", "X-RateLimit-Remaining": "-1" } }));
    const bad = await createApiClient({ baseUrl: BASE, fetch: badFetch }).team.get();
    expect(bad.rateLimit).toEqual({ limit: null, remaining: null, reset: null, retryAfter: null });
  });
});

describe("errors", () => {
  it("throws a spec error body as ApiError with status, code, details, requestId and sentence", async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse(
        { code: "capabilityNotSupported", message: "Editing is not supported", details: { capability: "message:edit" }, requestId: "req_1" },
        { status: 422, headers: { "X-Request-Id": "req_1" } },
      ),
    );
    const error = await errorOf(() => createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).messages.update("msg1", { content: "x" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: "capabilityNotSupported",
      details: { capability: "message:edit" },
      requestId: "req_1",
      message: "Editing is not supported",
      retryAfter: null,
    });
    expect(error.sentence).toBe(ERROR_SENTENCES.capabilityNotSupported);
    expect(detailsOf(error, "capabilityNotSupported")).toEqual({ capability: "message:edit" });
  });

  it("throws 409 accountLinkDisconnected with details.status", async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse(
        { code: "accountLinkDisconnected", message: "Paused", details: { status: "paused" }, requestId: "req_2" },
        { status: 409 },
      ),
    );
    const error = await errorOf(() =>
      createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).messages.send({ target: { type: "thread", threadId: "thr1" }, content: "Hi" }),
    );
    expect(error).toMatchObject({ status: 409, code: "accountLinkDisconnected", details: { status: "paused" }, requestId: "req_2" });
    expect(error.sentence).toBe(ERROR_SENTENCES.accountLinkDisconnected);
    expect(detailsOf(error, "accountLinkDisconnected")?.status).toBe("paused");
  });

  it("throws 502 sendUnconfirmed with details.messageId", async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse(
        { code: "sendUnconfirmed", message: "Unconfirmed", details: { messageId: "msg9" }, requestId: "req_3" },
        { status: 502, headers: { "X-Request-Id": "req_3" } },
      ),
    );
    const error = await errorOf(() =>
      createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).messages.send({ target: { type: "thread", threadId: "thr1" }, content: "Hi" }),
    );
    expect(error).toMatchObject({ status: 502, code: "sendUnconfirmed", details: { messageId: "msg9" }, requestId: "req_3" });
    expect(error.sentence).toBe(ERROR_SENTENCES.sendUnconfirmed);
    expect(detailsOf(error, "sendUnconfirmed")).toEqual({ messageId: "msg9" });
  });

  it("takes requestId from the header when the body's is empty", async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse({ code: "threadNotFound", message: "Gone", details: null, requestId: "" }, { status: 404, headers: { "X-Request-Id": "req_h" } }),
    );
    const error = await errorOf(() => createApiClient({ baseUrl: BASE, fetch }).threads.get("thr1"));
    expect(error).toMatchObject({ status: 404, code: "threadNotFound", details: null, requestId: "req_h" });
    expect(error.sentence).toBe(ERROR_SENTENCES.threadNotFound);
  });

  it("keeps an unknown code and falls back to its status's sentence", async () => {
    const { fetch } = fakeFetch((request) =>
      request.url.endsWith("/team")
        ? jsonResponse({ code: "teapotBrewing", message: "I'm a teapot", details: { pot: "blue" }, requestId: "req_t" }, { status: 418 })
        : jsonResponse({ code: "brandNewNotFound", message: "No", details: null, requestId: "req_n" }, { status: 404 }),
    );
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const teapot = await errorOf(() => client.team.get());
    expect(teapot).toMatchObject({ status: 418, code: "teapotBrewing", details: { pot: "blue" }, requestId: "req_t" });
    expect(teapot.sentence).toBe(errorSentence("teapotBrewing", 418));
    expect(teapot.sentence).toBe("That didn't work. Try again.");
    const missing = await errorOf(() => client.members.get("mem1"));
    expect(missing).toMatchObject({ status: 404, code: "brandNewNotFound" });
    expect(missing.sentence).toBe(ERROR_SENTENCES.notFound);
  });

  it("gives retryAfter from Retry-After on 429", async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse(
        { code: "rateLimited", message: "Slow down", details: { retryAfter: 7, window: "minute" }, requestId: "req_r" },
        { status: 429, headers: { "Retry-After": "7", "X-RateLimit-Remaining": "0" } },
      ),
    );
    const error = await errorOf(() => createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).threads.list());
    expect(error).toMatchObject({ status: 429, code: "rateLimited", retryAfter: 7 });
    expect(error.sentence).toBe(ERROR_SENTENCES.rateLimited);
  });

  it("gives a code from the status for a non-JSON error body", async () => {
    const html = "<html><body><h1>502 Bad Gateway</h1></body></html>";
    const { fetch } = fakeFetch(() => new Response(html, { status: 502, headers: { "content-type": "text/html", "X-Request-Id": "req_p" } }));
    const error = await errorOf(() => createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).team.get());
    expect(error).toMatchObject({ status: 502, code: "upstreamUnavailable", details: null, requestId: "req_p" });
    expect(error.sentence).toBe(ERROR_SENTENCES.upstreamUnavailable);
  });

  it("gives a code from the status for an empty or off-contract error body", async () => {
    const { fetch } = fakeFetch((request) =>
      request.url.endsWith("/team")
        ? new Response(null, { status: 401 })
        : jsonResponse({ error: { code: "RATE_LIMIT" } }, { status: 429, headers: { "Retry-After": "3" } }),
    );
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    expect(await errorOf(() => client.team.get())).toMatchObject({ status: 401, code: "unauthorized" });
    expect(await errorOf(() => client.colors.list())).toMatchObject({ status: 429, code: "rateLimited", retryAfter: 3 });
  });

  it("turns a failed fetch into ApiError status 0 networkError", async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError("fetch failed");
    });
    const error = await errorOf(() => createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).team.get());
    expect(error).toMatchObject({ status: 0, code: "networkError", requestId: null });
    expect(error.sentence).toBe(ERROR_SENTENCES.networkError);
  });

  it("re-throws an AbortError from fetch as it is", async () => {
    const abort = new DOMException("The operation was aborted.", "AbortError");
    const { fetch } = fakeFetch(() => {
      throw abort;
    });
    const controller = new AbortController();
    controller.abort();
    const caught = await createApiClient({ baseUrl: BASE, token: TOKEN, fetch })
      .team.get({ signal: controller.signal })
      .then(
        () => "resolved",
        (error: unknown) => error,
      );
    expect(caught).toBe(abort);
    expect(caught).not.toBeInstanceOf(ApiError);
  });

  // A real fetch resolves once headers arrive; aborting after that errors the body stream.
  it("re-throws an AbortError raised while the body is read", async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(
      (request) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(stream) {
              stream.enqueue(new TextEncoder().encode('{"id":"thr1",'));
              request.signal?.addEventListener("abort", () => stream.error(request.signal?.reason));
            },
          }),
          { status: 200, headers: { "content-type": "application/json" } },
        ),
    );
    const pending = createApiClient({ baseUrl: BASE, token: TOKEN, fetch })
      .threads.get("thr1", undefined, { signal: controller.signal })
      .then(
        () => "resolved",
        (error: unknown) => error,
      );
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const caught = await pending;
    expect(caught).not.toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ name: "AbortError" });
  });
});

describe("parseRetryAfter", () => {
  const now = new Date("2026-11-20T12:00:00.000Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter(" 120 ", now)).toBe(120);
    expect(parseRetryAfter("0", now)).toBe(0);
  });

  it("reads an HTTP date as seconds from now, rounded up", () => {
    expect(parseRetryAfter("Fri, 20 Nov 2026 12:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Fri, 20 Nov 2026 12:01:00 GMT", new Date("2026-11-20T12:00:00.400Z"))).toBe(60);
  });

  it("gives 0 for an HTTP date in the past", () => {
    expect(parseRetryAfter("Fri, 20 Nov 2026 11:59:00 GMT", now)).toBe(0);
  });

  it("gives null when absent or empty", () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
    expect(parseRetryAfter("   ", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
  });

  // RFC 9110: Retry-After is delay-seconds (digits) or an HTTP-date; anything else is ignored, not "retry now".
  it("gives null for values that are neither delay-seconds nor an HTTP date", () => {
    for (const value of ["1.5", "-1", "7.5"]) expect(parseRetryAfter(value, now), value).toBeNull();
  });
});

describe("responses", () => {
  it("throws 502 unexpectedResponse for a 2xx body that breaks the contract", async () => {
    const { fetch } = fakeFetch(() => jsonResponse({ ...threadFixture(), id: "NOT-VALID" }, { headers: { "X-Request-Id": "req_u" } }));
    const error = await errorOf(() => createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).threads.get("thr1"));
    expect(error).toMatchObject({ status: 502, code: "unexpectedResponse", requestId: "req_u" });
    expect(error.details).toMatchObject({ path: "/threads/thr1" });
    expect(String(error.details?.issues)).toMatch(/id/);
    expect(error.sentence).toBe(ERROR_SENTENCES.unexpectedResponse);
  });

  it("throws 502 unexpectedResponse for a 2xx body that is not JSON or lacks a field", async () => {
    const { fetch } = fakeFetch((request) =>
      request.url.endsWith("/team") ? new Response("<html>ok</html>", { status: 200 }) : jsonResponse({ data: [tagFixture()] }),
    );
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    expect(await errorOf(() => client.team.get())).toMatchObject({ status: 502, code: "unexpectedResponse" });
    expect(await errorOf(() => client.tags.list())).toMatchObject({ status: 502, code: "unexpectedResponse" });
  });

  it("keeps unknown fields and unknown enum values", async () => {
    const threadBody = {
      ...threadFixture(),
      typingIndicators: "sometimes",
      acceptanceState: "snoozed",
      restrictions: ["message:teleport"],
      pinnedAt: "2026-11-20T12:00:00.000Z",
      lastMessage: { id: "msg1", direction: "sideways", sentAt: "2026-11-20T12:00:00.000Z", preview: null, emojiOnly: true },
    };
    const messageBody = {
      ...messageFixture(),
      attachments: [{ kind: "sticker", stickerId: "s1", animated: true }, ...messageFixture().attachments],
      platformData: { _tag: "smokesignal", encrypted: true, puffs: 3 },
      sentBy: { type: "robot", model: "r2" },
      futureField: { nested: [1, 2] },
    };
    const linkBody = { ...accountLinkFixture(), platform: "smokesignal", capabilities: ["message:send", "smoke:puff"], region: "eu" };
    const profileContact = {
      ...contactFixture(),
      profiles: [{ ...profileFixture(), platform: "smokesignal", platformData: { _tag: "smokesignal", hillside: "north" } }],
    };
    const bodies: Record<string, unknown> = { "/threads/thr1": threadBody, "/messages/msg1": messageBody, "/account-links/al1": linkBody, "/contacts/con1": profileContact };
    const { fetch } = fakeFetch((request) => jsonResponse(bodies[new URL(request.url).pathname.replace("/v2", "")]));
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });

    const thread = (await client.threads.get("thr1")).body;
    expect(thread).toEqual(threadBody);
    expect(thread.typingIndicators).toBe("sometimes");
    expect(thread.pinnedAt).toBe("2026-11-20T12:00:00.000Z");

    const message = (await client.messages.get("msg1")).body;
    expect(message).toEqual(messageBody);
    expect(message.attachments[0]).toEqual({ kind: "sticker", stickerId: "s1", animated: true });
    expect(message.platformData).toEqual({ _tag: "smokesignal", encrypted: true, puffs: 3 });

    expect((await client.accountLinks.get("al1")).body).toEqual(linkBody);
    expect((await client.contacts.get("con1")).body.profiles[0]?.platformData).toEqual({ _tag: "smokesignal", hillside: "north" });
  });

  it("gives an undefined body for DELETE /tags answering 204", async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204, headers: { "X-Request-Id": "req_d" } }));
    const result = await createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).tags.delete("Hot lead");
    expect(calls[0]).toMatchObject({ method: "DELETE", url: `${BASE}/tags/Hot%20lead` });
    expect(result).toMatchObject({ status: 204, requestId: "req_d" });
    expect(result.body).toBeUndefined();
  });
});

describe("pagination", () => {
  const threadPages: Record<string, { ids: string[]; nextCursor: string | null }> = {
    "": { ids: ["thr1", "thr2"], nextCursor: "cur2" },
    cur2: { ids: ["thr3", "thr4"], nextCursor: "cur3" },
    cur3: { ids: ["thr5"], nextCursor: null },
  };
  const threadServer = () =>
    fakeFetch((request) => {
      const page = threadPages[new URL(request.url).searchParams.get("cursor") ?? ""];
      if (!page) return jsonResponse({ code: "invalidCursor", message: "Bad", details: null, requestId: "r" }, { status: 400 });
      return jsonResponse({ data: page.ids.map((id) => ({ ...threadFixture(), id })), nextCursor: page.nextCursor });
    });

  function expectFollowedCursors(calls: RecordedRequest[]) {
    expect(calls).toHaveLength(3);
    const params = calls.map((c) => new URL(c.url).searchParams);
    expect(params.map((p) => p.get("cursor"))).toEqual([null, "cur2", "cur3"]);
    for (const p of params) {
      expect(p.get("folder")).toBe("archived");
      expect(p.getAll("tag")).toEqual(["VIP", "Hot lead"]);
      expect(p.get("limit")).toBe("2");
      expect(p.getAll("cursor").length).toBeLessThanOrEqual(1);
    }
  }

  it("paginate follows nextCursor with the same filters and stops at null", async () => {
    const { fetch, calls } = threadServer();
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const pages = await collect(paginate(client.threads.list, { folder: "archived", tag: ["VIP", "Hot lead"], limit: 2 }));
    expect(pages.map((page) => page.data.map((t) => t.id))).toEqual([["thr1", "thr2"], ["thr3", "thr4"], ["thr5"]]);
    expectFollowedCursors(calls);
  });

  it("paginateItems yields every item of every page in order", async () => {
    const { fetch, calls } = threadServer();
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const threads = await collect(paginateItems(client.threads.list, { folder: "archived", tag: ["VIP", "Hot lead"], limit: 2 }));
    expect(threads.map((t) => t.id)).toEqual(["thr1", "thr2", "thr3", "thr4", "thr5"]);
    expectFollowedCursors(calls);
  });

  it("paginate makes one request for a single page", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: [tagFixture()], nextCursor: null }));
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const pages = await collect(paginate(client.tags.list, {}));
    expect(pages).toEqual([{ data: [tagFixture()], nextCursor: null }]);
    expect(calls.map((c) => c.url)).toEqual([`${BASE}/tags`]);
  });

  it("events.replay follows lastSeq while hasMore and stops when it is false", async () => {
    const event = (seq: number) => ({ ...eventFixture(), id: `evt${seq}`, seq });
    const replies: Record<string, unknown> = {
      "40": { data: [event(41), event(42)], lastSeq: 42, hasMore: true },
      "42": { data: [event(43), event(44)], lastSeq: 44, hasMore: true },
      "44": { data: [event(45)], lastSeq: 45, hasMore: false },
    };
    const { fetch, calls } = fakeFetch((request) => jsonResponse(replies[new URL(request.url).searchParams.get("afterSeq") ?? ""]));
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const pages = await collect(client.events.replay(40, { type: ["message.received"], limit: 2 }));
    expect(pages.flatMap((page) => page.data.map((e) => e.seq))).toEqual([41, 42, 43, 44, 45]);
    expect(calls.map((c) => `${new URL(c.url).pathname}${new URL(c.url).search}`)).toEqual([
      "/v2/events?type=message.received&limit=2&afterSeq=40",
      "/v2/events?type=message.received&limit=2&afterSeq=42",
      "/v2/events?type=message.received&limit=2&afterSeq=44",
    ]);
  });

  it("events.replay makes one request when nothing more is pending", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: [], lastSeq: 10, hasMore: false }));
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const pages = await collect(client.events.replay(10));
    expect(pages).toEqual([{ data: [], lastSeq: 10, hasMore: false }]);
    expect(calls.map((c) => c.url)).toEqual([`${BASE}/events?afterSeq=10`]);
  });

  it("events.replay stops when lastSeq does not move, even with hasMore", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: [], lastSeq: 10, hasMore: true }));
    const client = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    expect(await collect(client.events.replay(10))).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });
});

type RecordedRequest = {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
};

/** A fetch that records each request and answers with `respond`; no network. */
describe("edges found in review", () => {
  it("stops paginating when the server hands back the cursor it was given", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: [tagFixture()], nextCursor: "same" }));
    const api = createApiClient({ baseUrl: BASE, token: TOKEN, fetch });
    const pages = await collect(paginate(api.tags.list, {}));
    expect(pages).toHaveLength(2);
    expect(calls).toHaveLength(2);
  });

  it("merges headers case-insensitively: an option's Idempotency-Key replaces the generated one, the token wins over a base Authorization", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ message: messageFixture(), thread: threadFixture() }, { status: 201 }));
    const api = createApiClient({ baseUrl: BASE, token: TOKEN, fetch, headers: { Authorization: "Bearer other" } });
    await api.messages.send({ target: { type: "thread", threadId: "thr1" }, content: "Hi" }, { headers: { "Idempotency-Key": "mine" } });
    expect(calls[0]!.headers.get("idempotency-key")).toBe("mine");
    expect(calls[0]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("sends the body as validated (names trimmed)", async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(tagFixture(), { status: 201 }));
    await createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).tags.create({ name: "  VIP  " });
    expect(JSON.parse(calls[0]!.body!)).toEqual({ name: "VIP" });
  });

  it("passes a timeout through rather than calling it offline", async () => {
    const timeout = new DOMException("The operation timed out.", "TimeoutError");
    const fetch = async () => {
      throw timeout;
    };
    await expect(createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).team.get()).rejects.toBe(timeout);
  });

  it("gives a non-JSON error with an unlisted 4xx status a sentence by its status, not a server failure", async () => {
    const { fetch } = fakeFetch(() => new Response("<html>conflict</html>", { status: 409 }));
    const error = await errorOf(() => createApiClient({ baseUrl: BASE, token: TOKEN, fetch }).team.get());
    expect(error.code).toBe("httpError");
    expect(error.sentence).toBe(errorSentence("httpError", 409));
    expect(error.sentence).not.toBe(ERROR_SENTENCES.internalError);
  });
});

function fakeFetch(respond: (request: RecordedRequest) => Response) {
  const calls: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? init.body : undefined,
      signal: init?.signal ?? undefined,
    };
    calls.push(request);
    return respond(request);
  };
  return { fetch, calls };
}

function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json", ...init.headers },
  });
}

/** What an async generator yields; fails rather than hangs when the generator does not stop. */
async function collect<T>(items: AsyncIterable<T>, max = 10): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length > max) throw new Error(`Expected at most ${max} values: the generator does not stop`);
  }
  return out;
}

/** The ApiError a call fails with; a synchronous throw counts as a failure too. */
async function errorOf(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("Expected the call to fail");
}

function withUnknownField(patch: ThreadPatch, field: string): ThreadPatch {
  return { ...patch, [field]: true };
}
