import { describe, expect, it, vi } from "vitest";
import { isPassingOutage, OUTAGE_WAITS_MS, withOutageRetry } from "./outage-retry";

const spec = (status: number, code: string) =>
  new Response(JSON.stringify({ code, message: "m", details: null, requestId: "r" }), { status, headers: { "content-type": "application/json" } });

function harness(answers: Array<Response | Error>) {
  const waits: number[] = [];
  const calls: string[] = [];
  const inner = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init?.method ?? "GET");
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    if (next instanceof Error) throw next;
    return next;
  });
  const fetch = withOutageRetry(inner, async (ms) => void waits.push(ms));
  return { fetch, waits, calls };
}

describe("withOutageRetry", () => {
  it("makes a PATCH again after a restarting instance's 503 and a proxy's bare 502, with 1 s then 2 s between", async () => {
    const { fetch, waits, calls } = harness([new Response("No instance is ready", { status: 503 }), new Response("Bad gateway", { status: 502 }), spec(200, "x")]);
    const response = await fetch("/api/v2/threads/t1", { method: "PATCH", body: "{}" });
    expect(response.status).toBe(200);
    expect(calls).toEqual(["PATCH", "PATCH", "PATCH"]);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it("makes a PUT again when no answer came", async () => {
    const { fetch, calls } = harness([new TypeError("fetch failed"), new Response(null, { status: 204 })]);
    expect((await fetch("/api/v2/contacts/c/tags/t", { method: "PUT" })).status).toBe(204);
    expect(calls).toHaveLength(2);
  });

  it("gives up after three waits and hands on the last answer", async () => {
    const { fetch, waits, calls } = harness([spec(504, "upstreamUnavailable"), spec(504, "upstreamUnavailable"), spec(504, "upstreamUnavailable"), spec(504, "upstreamUnavailable")]);
    const response = await fetch("/x", { method: "PATCH" });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: "upstreamUnavailable" });
    expect(waits).toEqual([...OUTAGE_WAITS_MS]);
    expect(calls).toHaveLength(4);
  });

  it("rethrows the last network error after the waits", async () => {
    const { fetch } = harness([new TypeError("a"), new TypeError("b"), new TypeError("c"), new TypeError("d")]);
    await expect(fetch("/x", { method: "PATCH" })).rejects.toThrow("d");
  });

  it("leaves a POST, a DELETE and a GET to their owners", async () => {
    for (const method of ["POST", "DELETE", "GET"]) {
      const { fetch, calls } = harness([new Response("", { status: 503 })]);
      expect((await fetch("/x", { method })).status).toBe(503);
      expect(calls).toEqual([method]);
    }
  });

  it("hands on an answer that is not an outage: 502 sendUnconfirmed, 500, 4xx", async () => {
    for (const answer of [spec(502, "sendUnconfirmed"), spec(500, "internalError"), spec(422, "capabilityNotSupported")]) {
      const { fetch, calls } = harness([answer]);
      expect((await fetch("/x", { method: "PATCH" })).status).toBe(answer.status);
      expect(calls).toHaveLength(1);
    }
  });

  it("stops waiting when the request is aborted", async () => {
    const controller = new AbortController();
    const inner = vi.fn(async () => new Response("", { status: 503 }));
    const fetch = withOutageRetry(inner, async () => controller.abort(new DOMException("gone", "AbortError")));
    await expect(fetch("/x", { method: "PATCH", signal: controller.signal })).rejects.toThrow("gone");
    expect(inner).toHaveBeenCalledTimes(1);
  });
});

describe("isPassingOutage", () => {
  it("is no answer, upstreamUnavailable, 503 and 504, and not sendUnconfirmed", () => {
    expect(isPassingOutage({ status: 0, code: "networkError" })).toBe(true);
    expect(isPassingOutage({ status: 502, code: "upstreamUnavailable" })).toBe(true);
    expect(isPassingOutage({ status: 503, code: "whatever" })).toBe(true);
    expect(isPassingOutage({ status: 504, code: "upstreamUnavailable" })).toBe(true);
    expect(isPassingOutage({ status: 502, code: "sendUnconfirmed" })).toBe(false);
    expect(isPassingOutage({ status: 500, code: "internalError" })).toBe(false);
  });
});
