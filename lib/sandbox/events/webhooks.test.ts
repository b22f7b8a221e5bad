import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { event, eventPage } from "@/lib/api/events";
import { tag } from "@/lib/api/labels";
import { TOKENS, expectError, expectOk, sandboxForFile } from "../testing/harness";
import { capture as captureOn, removeAllSubscriptions, subscribe as subscribeOn, subscriptionList, type Captured } from "./webhook-test-kit";
import { attachWebhooks, type WebhookDispatcherOptions } from "./webhooks";

const t = sandboxForFile();
// Each test starts with no subscriptions.
afterEach(() => removeAllSubscriptions(t));

const capture = (answer?: (request: Captured, init: RequestInit | undefined) => Promise<Response> | Response, extra?: Partial<WebhookDispatcherOptions>) =>
  captureOn(t, answer, extra);

async function subscribe(url: string, token: string = TOKENS.acme, secret?: string) {
  return subscribeOn(t, secret ? { url, secret } : { url }, token);
}

async function createTag(name: string, token: string = TOKENS.acme) {
  return expectOk(await t.request("POST", "/tags", { token, body: { name } }), tag, 201);
}

describe("webhook subscriptions (control API)", () => {
  it("creates a subscription with a generated Standard Webhooks secret", async () => {
    const created = await subscribe("http://127.0.0.1:4801/hooks");
    expect(created.id).toMatch(/^[0-9a-z]+$/);
    expect(created.url).toBe("http://127.0.0.1:4801/hooks");
    // New subscriptions receive version 2 (spec) unless they ask for another format.
    expect(created).toMatchObject({ format: "v2", effectiveFormat: "v2" });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(created.secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    expect(() => new Webhook(created.secret)).not.toThrow();

    const again = await subscribe("http://127.0.0.1:4801/hooks");
    expect(again.secret).not.toBe(created.secret);
  });

  it("keeps a given secret, and refuses a malformed URL or secret", async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    expect((await subscribe("http://localhost:9999/hook", TOKENS.acme, secret)).secret).toBe(secret);
    for (const body of [{ url: "not a url" }, { url: "ftp://example.com/x" }, { url: "http://localhost:4801/x", secret: "hunter2" }, { url: "http://localhost:4801/x", secret: "whsec_c2hvcnQ=" }, { url: "http://localhost:4801/x", extra: 1 }, {}]) {
      expectError(await t.request("POST", "//_sandbox/webhooks", { body }), 400, "invalidRequest");
    }
  });

  it("lists and deletes the team's own subscriptions only", async () => {
    const acme = await subscribe("http://127.0.0.1:4801/a");
    const globex = await subscribe("http://127.0.0.1:4801/g", TOKENS.globex);

    const listed = subscriptionList.parse((await t.request("GET", "//_sandbox/webhooks")).json);
    expect(listed.data.map((s) => s.id)).toEqual([acme.id]);
    expect(subscriptionList.parse((await t.request("GET", "//_sandbox/webhooks", { token: TOKENS.globex })).json).data.map((s) => s.id)).toEqual([globex.id]);

    expectError(await t.request("DELETE", `//_sandbox/webhooks/${globex.id}`), 404, "notFound");
    expect((await t.request("DELETE", `//_sandbox/webhooks/${acme.id}`)).status).toBe(204);
    expectError(await t.request("DELETE", `//_sandbox/webhooks/${acme.id}`), 404, "notFound");
    expect(subscriptionList.parse((await t.request("GET", "//_sandbox/webhooks")).json).data).toEqual([]);
  });

  it("shows the secret once, in the answer that creates the subscription; never in the list", async () => {
    const created = await subscribe("http://127.0.0.1:4801/once");
    expect(created.secret).toMatch(/^whsec_/);
    const { json, text } = await t.request("GET", "//_sandbox/webhooks");
    expect(subscriptionList.parse(json).data).toEqual([{ id: created.id, url: created.url, format: "v2", effectiveFormat: "v2", createdAt: created.createdAt }]);
    expect(text).not.toContain(created.secret);
    expect(text).not.toContain("secret");
  });

  it("points only at loopback or the embedding inbox's own receiver, and says so", async () => {
    for (const url of ["http://127.0.0.1:4801/x", "http://127.9.8.7/x", "http://localhost/x", "https://LOCALHOST:8443/x", "http://[::1]:4801/x", "http://0x7f.1/x"]) {
      expect((await t.request("POST", "//_sandbox/webhooks", { body: { url } })).status, url).toBe(201);
    }
    const refused = [
      "https://hooks.example.com/inbox",
      "http://10.0.0.8/x",
      "http://169.254.169.254/latest/meta-data",
      "http://128.0.0.1/x",
      "http://127.0.0.1.example.com/x",
      "http://localhost.example.com/x",
      "http://[::ffff:7f00:1]/x",
      "http://[::]/x",
      "http://0.0.0.0:4801/x",
      "https://inbox.example.com/api/webhooks",
    ];
    for (const url of refused) {
      const body = expectError(await t.request("POST", "//_sandbox/webhooks", { body: { url } }), 400, "invalidRequest");
      expect(body.message, url).toMatch(/loopback address .* or at the inbox's own webhook endpoint/);
    }
    const { config } = t.sandbox.context;
    config.webhookUrls = ["https://inbox.example.com/api/webhooks"];
    try {
      expect((await subscribe("https://inbox.example.com/api/webhooks")).url).toBe("https://inbox.example.com/api/webhooks");
      for (const url of ["https://inbox.example.com/api/webhooks/other", "https://inbox.example.com/elsewhere", "http://inbox.example.com/api/webhooks", "https://inbox.example.com:8443/api/webhooks"]) {
        expectError(await t.request("POST", "//_sandbox/webhooks", { body: { url } }), 400, "invalidRequest");
      }
    } finally {
      config.webhookUrls = [];
    }
    const listed = subscriptionList.parse((await t.request("GET", "//_sandbox/webhooks")).json).data.map((s) => s.url);
    expect(listed.filter((url) => !/^https?:\/\/(127\.|localhost|\[::1\])/.test(url))).toEqual(["https://inbox.example.com/api/webhooks"]);
    expect(listed).toContain("http://127.0.0.1/x");
  });

  it("requires a token", async () => {
    expectError(await t.request("GET", "//_sandbox/webhooks", { token: null }), 401, "unauthorized");
    expectError(await t.request("POST", "//_sandbox/webhooks", { token: TOKENS.revoked, body: { url: "https://x.test" } }), 401, "unauthorized");
  });
});

describe("webhook delivery", () => {
  it("POSTs each event once to each of the team's subscriptions, as the signed event envelope", async () => {
    const { deliveries, dispatcher, logs } = capture();
    const one = await subscribe("http://127.0.0.1:4801/one");
    const two = await subscribe("http://127.0.0.1:4801/two");
    await subscribe("http://127.0.0.1:4801/globex", TOKENS.globex);

    const created = await createTag("Webhook VIP");
    await dispatcher.settled();

    expect(deliveries.map((d) => d.url).sort()).toEqual([one.url, two.url]);
    const replayed = expectOk(await t.request("GET", "/events?type=tag.created&limit=1000"), eventPage).data.at(-1)!;
    for (const delivery of deliveries) {
      const secret = delivery.url === one.url ? one.secret : two.secret;
      expect(delivery.headers["content-type"]).toBe("application/json");
      expect(delivery.headers["webhook-id"]).toBe(replayed.id);
      expect(Math.abs(Number(delivery.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
      expect(delivery.headers["webhook-signature"]).toMatch(/^v1,/);

      const verified = new Webhook(secret).verify(delivery.body, delivery.headers);
      const payload = event.parse(verified);
      expect(payload).toEqual(replayed);
      expect(payload).toMatchObject({ type: "tag.created", apiVersion: 2, object: { type: "tag", id: created.id, url: `/tags/${created.id}` } });
    }
    expect(logs).toEqual([]);
  });

  it("signatures fail for a tampered body, another secret or another message ID", async () => {
    const { deliveries, dispatcher } = capture();
    const sub = await subscribe("http://127.0.0.1:4801/one");
    await createTag("Tamper test");
    await dispatcher.settled();
    const [delivery] = deliveries;
    if (!delivery) throw new Error("no delivery");

    const webhook = new Webhook(sub.secret);
    expect(() => webhook.verify(delivery.body, delivery.headers)).not.toThrow();
    const tampered = delivery.body.replace('"apiVersion":2', '"apiVersion":1');
    expect(tampered).not.toBe(delivery.body);
    expect(() => webhook.verify(tampered, delivery.headers)).toThrow(WebhookVerificationError);
    expect(() => webhook.verify(delivery.body, { ...delivery.headers, "webhook-id": "evtother" })).toThrow(WebhookVerificationError);
    const other = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
    expect(() => new Webhook(other).verify(delivery.body, delivery.headers)).toThrow(WebhookVerificationError);
  });

  it("delivers a team's events in seq order", async () => {
    const { deliveries, dispatcher } = capture();
    await subscribe("http://127.0.0.1:4801/one");
    for (const name of ["Order A", "Order B", "Order C"]) await createTag(name);
    await dispatcher.settled();
    const seqs = deliveries.map((d) => event.parse(JSON.parse(d.body)).seq);
    expect(seqs).toHaveLength(3);
    expect(seqs).toEqual([seqs[0]!, seqs[0]! + 1, seqs[0]! + 2]);
  });

  it("never retries, and a failing receiver neither fails nor delays the write", async () => {
    const { deliveries, dispatcher, logs } = capture(() => new Response("nope", { status: 500 }));
    await subscribe("http://127.0.0.1:4801/down");
    await createTag("Receiver down");
    await dispatcher.settled();
    expect(deliveries).toHaveLength(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("HTTP 500");

    const unreachable = capture(() => Promise.reject(new TypeError("fetch failed")));
    await createTag("Receiver unreachable");
    await unreachable.dispatcher.settled();
    expect(unreachable.deliveries).toHaveLength(1);
    expect(unreachable.logs).toHaveLength(1);
    expect(unreachable.logs[0]).toContain("fetch failed");
  });

  it("does not hold the API response while a receiver hangs (the delivery times out)", async () => {
    const hanging = capture(
      (_request, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new Error("The receiver did not answer in time")));
        }),
      { timeoutMs: 600 },
    );
    await subscribe("http://127.0.0.1:4801/slow");
    const started = Date.now();
    await createTag("Slow receiver");
    expect(Date.now() - started).toBeLessThan(500);
    await hanging.dispatcher.settled();
    expect(hanging.deliveries).toHaveLength(1);
    expect(hanging.logs).toHaveLength(1);
    expect(hanging.logs[0]).toContain("did not answer in time");
  });

  it("delivers nothing to a target that is no longer allowed", async () => {
    const { config } = t.sandbox.context;
    config.webhookUrls = ["https://inbox.example.com/api/webhooks"];
    try {
      await subscribe("https://inbox.example.com/api/webhooks");
    } finally {
      config.webhookUrls = [];
    }
    const { deliveries, dispatcher, logs } = capture();
    const local = await subscribe("http://127.0.0.1:4801/local");
    await createTag("Target withdrawn");
    await dispatcher.settled();
    expect(deliveries.map((d) => d.url)).toEqual([local.url]);
    expect(logs).toEqual([expect.stringContaining("https://inbox.example.com/api/webhooks: not sent")]);
  });

  it("does not follow a receiver's redirect", async () => {
    const reached: string[] = [];
    const elsewhere = createServer((req, res) => {
      reached.push(req.url ?? "");
      res.writeHead(204).end();
    });
    const redirecting = createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/stolen` }).end();
    });
    await Promise.all([elsewhere, redirecting].map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
    try {
      const logs: string[] = [];
      const dispatcher = attachWebhooks(t.sandbox.context, { log: (line) => logs.push(line) });
      await subscribe(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hook`);
      await createTag("Redirected");
      await dispatcher.settled();
      expect(reached).toEqual([]);
      expect(logs).toEqual([expect.stringContaining("HTTP 307")]);
    } finally {
      await Promise.all([elsewhere, redirecting].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it("delivers through real HTTP with the default fetch", async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const logs: string[] = [];
      const dispatcher = attachWebhooks(t.sandbox.context, { log: (line) => logs.push(line) });
      const { port } = server.address() as AddressInfo;
      const sub = await subscribe(`http://127.0.0.1:${port}/webhooks`);
      await createTag("Real HTTP");
      await dispatcher.settled();

      expect(logs).toEqual([]);
      expect(received).toHaveLength(1);
      const [delivery] = received;
      const headers = {
        "webhook-id": String(delivery!.headers["webhook-id"]),
        "webhook-timestamp": String(delivery!.headers["webhook-timestamp"]),
        "webhook-signature": String(delivery!.headers["webhook-signature"]),
      };
      const payload = event.parse(new Webhook(sub.secret).verify(delivery!.body, headers));
      expect(payload.type).toBe("tag.created");
      expect(payload.id).toBe(headers["webhook-id"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
