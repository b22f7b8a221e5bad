import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as relay from "@/app/api/sandbox/[...path]/route";
import { errorBody } from "@/lib/api/error-schemas";
import { demoWebhookUrl } from "../gateway/upstream";
import { ORIGIN, call, startTestBff, type TestBff } from "../testing/bff";

const SECRET = `whsec_${Buffer.from("the-inbox-webhook-secret-32-bytes").toString("base64")}`;
let bff: TestBff;
const cookies = { admin: "", manager: "", member: "" };

beforeAll(async () => {
  // A public URL that is not loopback, so the inbox's own endpoint is the one exception the sandbox makes.
  bff = await startTestBff({ INBOX_WEBHOOK_SECRET: SECRET, INBOX_PUBLIC_URL: ORIGIN });
  [cookies.admin, cookies.manager, cookies.member] = await Promise.all([bff.signIn("olivia"), bff.signIn("marcus"), bff.signIn("sam")]);
  await vi.waitFor(async () => expect((await subscriptions()).map((s) => s.url)).toContain(ownEndpoint()), { timeout: 10_000 });
}, 60_000);
afterAll(() => bff.close());

const ownEndpoint = () => demoWebhookUrl(bff.runtime.config);

/** The sandbox itself, past the relay. */
async function sandbox(path: string, init?: RequestInit): Promise<unknown> {
  const response = await bff.runtime.upstream.sandboxFetch!(path, init);
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return response.json();
}

async function subscriptions() {
  return ((await sandbox("/_sandbox/webhooks")) as { data: { id: string; url: string }[] }).data;
}

/** What the control API can change, read straight from the sandbox. */
async function controlState() {
  return {
    webhooks: await subscriptions(),
    faults: await sandbox("/_sandbox/faults"),
    rateLimits: await sandbox("/_sandbox/rate-limits"),
    clock: ((await sandbox("/_sandbox/clock")) as { offsetMs: number }).offsetMs,
    live: await sandbox("/_sandbox/live"),
    latestSeq: ((await sandbox(`/v2/events?afterSeq=${Number.MAX_SAFE_INTEGER}&limit=1`)) as { lastSeq: number }).lastSeq,
  };
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

describe("the sandbox's control API through the BFF is an admin's", () => {
  it("an outsider gets 401, a member or manager 403, for every control call; nothing leaks and nothing changes", async () => {
    const before = await controlState();
    const threadId = bff.runtime.gateway.index.all()[0]!.id;
    const inboxSubscription = before.webhooks.find((s) => s.url === ownEndpoint())!;
    const calls: [Method, string, unknown?][] = [
      ["GET", "/webhooks"],
      ["POST", "/webhooks", { url: "http://127.0.0.1:3599/x" }],
      ["PATCH", `/webhooks/${inboxSubscription.id}`, { format: "v1" }],
      ["DELETE", `/webhooks/${inboxSubscription.id}`],
      ["GET", "/faults"],
      ["POST", "/faults", { kind: "internalError", count: 5 }],
      ["DELETE", "/faults"],
      ["GET", "/rate-limits"],
      ["PUT", "/rate-limits", { minute: 1, hour: 1, day: 1 }],
      ["POST", "/rate-limits/reset", {}],
      ["POST", "/reset"],
      ["POST", "/inbound", { threadId, content: "Injected by a member" }],
      ["POST", "/clock/advance", { seconds: 3600 }],
      ["POST", "/live", { enabled: true }],
      ["GET", "/health"],
    ];
    for (const [method, path, body] of calls) {
      for (const [who, cookie, status, code] of [
        ["outsider", null, 401, "unauthorized"],
        ["member", cookies.member, 403, "forbidden"],
        ["manager", cookies.manager, 403, "forbidden"],
      ] as const) {
        const response = await call(relay, method, `/api/sandbox/_sandbox${path}`, { cookie, body });
        const text = await response.text();
        expect(response.status, `${who} ${method} ${path}`).toBe(status);
        expect(errorBody.parse(JSON.parse(text))).toMatchObject({ code, details: null });
        expect(text).not.toContain(SECRET);
      }
    }
    expect(await controlState()).toEqual(before);
    expect(bff.runtime.gateway.index.get(threadId)!.activity.preview).not.toBe("Injected by a member");
  });

  it("the refusal comes from the policy, whatever the path's spelling", async () => {
    for (const path of ["/api/sandbox/media/%2e%2e/_sandbox/webhooks", "/api/sandbox/media/../_sandbox/webhooks", "/api/sandbox/_sandbox/../_sandbox/webhooks"]) {
      const response = await call(relay, "GET", path, { cookie: cookies.member });
      expect(response.status, path).toBe(403);
      expect(await response.text()).not.toContain(SECRET);
    }
  });

  it("an admin reads the subscriptions, never their secrets", async () => {
    const response = await call(relay, "GET", "/api/sandbox/_sandbox/webhooks", { cookie: cookies.admin });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect((JSON.parse(text) as { data: { url: string }[] }).data.map((s) => s.url)).toContain(ownEndpoint());
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("secret");
  });

  it("an admin's subscription points at the inbox's own endpoint or loopback, nowhere else", async () => {
    for (const url of ["https://attacker.example/collect", "http://169.254.169.254/latest/meta-data", "http://10.0.0.5/x", `${ORIGIN}/api/other`]) {
      const response = await call(relay, "POST", "/api/sandbox/_sandbox/webhooks", { cookie: cookies.admin, body: { url } });
      const body = errorBody.parse(await response.json());
      expect(response.status, url).toBe(400);
      expect(body).toMatchObject({ code: "invalidRequest", message: expect.stringContaining("inbox's own webhook endpoint") });
    }
    expect((await subscriptions()).map((s) => s.url)).toEqual([ownEndpoint()]);

    const created = await call(relay, "POST", "/api/sandbox/_sandbox/webhooks", { cookie: cookies.admin, body: { url: "http://127.0.0.1:3599/x" } });
    expect(created.status).toBe(201);
    // The secret is shown once, to whoever made the subscription: a new one, not the inbox's.
    const { id, secret } = (await created.json()) as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(SECRET);
    // Its format moves forward only: to version 2, and never back.
    const moved = await call(relay, "PATCH", `/api/sandbox/_sandbox/webhooks/${id}`, { cookie: cookies.admin, body: { format: "v2" } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id, format: "v2" });
    expect((await call(relay, "PATCH", `/api/sandbox/_sandbox/webhooks/${id}`, { cookie: cookies.admin, body: { format: "legacy" } })).status).toBe(409);
    expect((await call(relay, "DELETE", `/api/sandbox/_sandbox/webhooks/${id}`, { cookie: cookies.admin })).status).toBe(204);
    expect((await subscriptions()).map((s) => s.url)).toEqual([ownEndpoint()]);
  });

  it("media stays open: the sandbox signs its URLs, as a CDN does", async () => {
    const url = await someMediaUrl();
    const response = await call(relay, "GET", url, { cookie: null });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    const forged = await call(relay, "GET", url.replace(/sig=[^&]+/, "sig=forged"), { cookie: null });
    expect(forged.status).toBe(403);
  });
});

/** A fresh signed media URL of a seeded message, as the browser gets it. */
async function someMediaUrl(): Promise<string> {
  for (const thread of bff.runtime.gateway.index.all().slice(0, 40)) {
    const page = (await sandbox(`/v2/threads/${thread.id}/messages?limit=100`)) as { data: { id: string; attachments: { url?: string }[] }[] };
    for (const message of page.data) {
      const index = message.attachments.findIndex((a) => a.url?.startsWith("/api/sandbox/media/"));
      if (index >= 0) return ((await sandbox(`/v2/messages/${message.id}/attachments/${index}`)) as { url: string }).url;
    }
  }
  throw new Error("The seed has no media in its first threads");
}
